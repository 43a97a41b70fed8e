"""The reference tables: versioned JSON validated by msgspec, spot-checked against the rulebook's rows."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from domain.rulesets.lote.scenario.tables import TABLES, EconomyTables, Table1, decode_table


def test_every_table_file_carries_a_version_and_its_source() -> None:
    docs = (TABLES.economy, TABLES.support, TABLES.units, TABLES.construction, TABLES.movement)
    for doc in (*docs, TABLES.control, TABLES.projects, TABLES.reference):
        assert doc.version == 1
        assert "001_a502c40d34b0dea4" in doc.source


def test_homeland_taxes_double_in_table_2_13() -> None:
    """[L966-981] Table 2-13: hm 2.0, t and pt 0.5, nt and fa 0.0."""
    values = TABLES.economy.status_tax.values
    assert (values["hm"], values["t"], values["pt"], values["nt"], values["fa"]) == (
        2,
        Fraction(1, 2),
        Fraction(1, 2),
        0,
        0,
    )


def test_terrain_tax_rows_match_table_2_15() -> None:
    """[L983-998] nomads tax c2 at 2.0 and steppe at 1.0; seafarers tax islands at 1.5."""
    tax = TABLES.economy.terrain_tax.values
    assert (
        tax["c2"]["N"] == 2
        and tax["s"]["N"] == 1
        and tax["i"]["S"] == Fraction(3, 2)
        and tax["m"]["C"] == Fraction(3, 10)
    )


def test_unit_chart_prices_civilized_and_nomad_cavalry_as_table_13_5() -> None:
    """[L14987-15220] Cavalry: Civilized 4 GP/1 NFP/7 AP, Nomadic 2 GP; no cavalry for pre-Columbians."""
    cav = TABLES.units.units["C"]
    assert (cav.by_culture["C"].gp, cav.by_culture["C"].nfp, cav.by_culture["C"].ap) == (4, 1, 7)
    assert cav.by_culture["N"].gp == 2 and "P" not in cav.by_culture
    assert TABLES.units.units["HT"].by_culture["C"].capacity == 4


def test_max_qr_table_5_3_civilized_tl7() -> None:
    """[L4087-4136] Civilized TL 7: Cav 10, Inf 10, Warship 10, Siege 12."""
    assert TABLES.construction.max_qr.values["C"]["7"] == (10, 10, 10, 12)


def test_city_costs_table_5_11_by_terrain_class() -> None:
    """[L4655-4659] found 20/20, 30/25, 40/30; expand 15/10, 20/15, 25/20."""
    costs = TABLES.construction.city_costs.values
    assert (costs["c"]["found_gp"], costs["m"]["found_nfp"], costs["t"]["expand_gp"]) == (20, 25, 25)


def test_a_table_with_a_float_is_refused() -> None:
    """Exact decimals only: a float would carry binary rounding into the arithmetic."""
    raw = b'{"table": "2-13", "lines": "L1", "values": {"hm": 2.0}}'
    with pytest.raises(msgspec.ValidationError):
        decode_table(raw, Table1)


def test_a_table_file_with_an_unknown_field_is_refused() -> None:
    with pytest.raises(msgspec.ValidationError):
        decode_table(b'{"version": 1, "source": "x", "surprise": 1}', EconomyTables)


def test_garrison_terrain_table_2_37_follows_the_texts_column_order() -> None:
    """[L2450-2464] columns c, c2, w...: nomads garrison c at x1 and c2 at x2; steppe and desert need cavalry."""
    nomads = TABLES.control.garrison_terrain.values["N"]
    assert (nomads["c"].multiple, nomads["c2"].multiple) == (1, 2)
    assert nomads["s"].cavalry and not nomads["w"].cavalry


def test_religious_interactions_table_13_7_is_not_symmetric() -> None:
    """[L15222-15253] row "you", column "them": NC tolerates HC, but HC is hostile to NC."""
    rel = TABLES.control.religious_interactions.values
    assert rel["RC"]["HC"] == "H" and rel["NC"]["HC"] == "T" and rel["HC"]["NC"] == "H"
    assert all(rel[r][r] == "-" for r in rel)


def test_maximum_status_tables_2_41_and_2_43() -> None:
    """[L2493-2522] RS 10 with a hostile religion caps at P/PT; a Seafaring nation holds an island as Homeland."""
    assert TABLES.control.max_status_religion.values["10"]["hostile"] == "p/pt"
    assert TABLES.control.max_status_terrain.values["i"]["S"] == "hm"
    assert TABLES.control.max_status_terrain.values["o"]["N"] == "a"


def test_status_effects_table_13_3_disagrees_with_table_2_13_only_for_homeland() -> None:
    """Appendix A1: Table 13-3 taxes the Homeland at 1.0 where Table 2-13 says 2.0; every other status agrees."""
    effects = TABLES.control.status_effects.values
    tax = TABLES.economy.status_tax.values
    assert [s for s, e in effects.items() if e.tax != tax[s]] == ["hm"]


def test_action_point_tables_6_5_to_6_15() -> None:
    """[L5313-5360; L5372-5387] culture AP, modifiers, and the impulse months (12 AP acts Jan-Dec)."""
    move = TABLES.movement
    assert move.culture_ap.values["N"] == 8 and move.unit_type_ap.values["leader_alone"] == 2
    assert move.leader_combat_ap.values["11"] == 1 and move.leader_combat_ap.values["4"] == -1
    assert move.impulse_months.values["12"] == list(range(1, 13)) and move.impulse_months.values["2"] == [6, 7]
    assert move.reaction_range.values["cav"]["10"] == 4


def test_transformation_tables_9_1_to_9_5() -> None:
    """[L8604-8735] Guild -> Free is GNM: 20 GP and 5 NFP per size for 25 years (EX-26's inputs)."""
    proj = TABLES.projects
    assert proj.economy_changes.values["guild"]["free"] == "GNM"
    codes = proj.transformation_codes.values
    assert (codes["G"].gp_per_5y_per_is, codes["N"].nfp_per_5y_per_is, codes["M"].years) == (20, 5, 25)
    assert proj.canals.values["Suez"] == 5 and proj.intensive_agriculture.values["Kwanto"] == 3


def test_a_text_table_row_must_match_its_columns() -> None:
    from domain.rulesets.lote.scenario.tables import TextTable

    with pytest.raises(msgspec.ValidationError):
        decode_table(b'{"table": "6-21", "lines": "L1", "columns": ["a", "b"], "rows": [["x"]]}', TextTable)


def test_reference_tables_keep_the_rulebooks_rows() -> None:
    """[L5452-5500; L6694-6726; L5081-5094] leader actions, intel operations and heirs by government."""
    ref = TABLES.reference.tables
    actions = {row[1]: row for row in ref["leader_actions"].rows}
    assert actions["dp"][2:] == ["Diplomacy", "4+"] and actions["cr"][2:] == ["Admin", "8"]
    assert {row[1]: row[3] for row in ref["intel_operations"].rows}["kk"] == "low"
    heirs = {row[0]: (row[1], row[2]) for row in ref["heirs_princes"].rows}
    assert heirs["constitutional_monarchy"] == ("yes", "no") and heirs["oligarchy"] == ("no", "yes")  # A6: Table 6-3
    religions = [row[0] for row in ref["religions"].rows]
    interactions = list(TABLES.control.religious_interactions.values)
    assert [r for r in religions if r != "JN"] == interactions  # Table 13-7 has no Jainism (Appendix A17)


def test_the_enumerations_match_the_code_tables() -> None:
    """Table 2-1 lists 25 zones (the text says 24); Tables 2-35, 2-45 and 4-3 give the stat sheet's codes."""
    from typing import get_args

    from domain.rulesets.lote.scenario import enums

    ref = TABLES.reference.tables
    assert {r[1] for r in ref["geo_zones"].rows} | {"MG"} == set(get_args(enums.GeoZone))
    assert {r[0] for r in ref["city_codes"].rows} == set(get_args(enums.CityCode))
    assert {r[0] for r in ref["trade_centers"].rows} == set(get_args(enums.TradeCenter))
    assert {r[0] for r in ref["region_spacers"].rows} == set(get_args(enums.Spacer))
