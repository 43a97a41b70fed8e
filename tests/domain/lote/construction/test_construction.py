"""Construction (§5.4-5.8) and shipping conversions: EX-11, EX-14, EX-15, EX-17..EX-24 and the build rules."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.construction import construction
from domain.rulesets.lote.model.orders import (
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildHeavyTransports,
    BuildPortArea,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    Colonize,
    ConvertShipsToMSP,
    Demobilize,
    ExpandCity,
    FoundCity,
    PayMegalith,
)
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat

V = seat("v")


def _venice(
    extra_leaders: dict[str, object] | None = None, ferries: dict[str, object] | None = None, **nation_fields: object
) -> Game:
    """A small Civilized nation: Verona (4 GPv c, 19 PWB) with Venice, plus colonies to try."""
    leader = {
        "nation": "v",
        "army_no": "1",
        "type": "K",
        "name": "Doge",
        "age": 50,
        "combat": 6,
        "diplomacy": 6,
        "charisma": 6,
        "location": "Venice",
        "units": {"HT": 4, "LT": 6, "I": 5},
    }
    ally = {
        "nation": "v",
        "army_no": "2",
        "type": "A",
        "name": "Swiss",
        "age": 30,
        "combat": 5,
        "diplomacy": 5,
        "charisma": 5,
        "location": "Switzerland",
        "home_region": "Switzerland",
    }
    base = {"capital": "Venice", "saved_gp": "1000", "saved_nfp": "500", "bl": 4, "infra": 2, "siege_qr": 10}
    setup = scenario(
        nations={"v": nation("Venice", **{**base, **nation_fields})},
        regions={
            "Verona": region(4, pwb=19, statuses={"v": "hm"}, coastal=True),
            "Istria": region(2, "c", statuses={"v": "f"}),
            "Po": region(10, "c2", statuses={"v": "f"}),
            "Switzerland": region(2, "m", statuses={"v": "a"}),
            # Pacified places keep their garrisons ([L2407-2413]): Sicily RV 5 x 1 (c) x 1; Corcyra floor(0/2 + 2)
            "Sicily": region(2, statuses={"v": "p"}, garrison={"v": {"I": 5}}),
            "Corfu": region(1, "i", statuses={"v": "f"}),
            "Wild": region(-1, "w", colonizable=True),
            "Huichol": region(2, "m", statuses={"v": "f"}),
            "Malta": region(1, "i", statuses={"v": "f"}),
            **({"Crete": region(1, "i"), "Rhodes": region(1, "i")} if ferries else {}),
        },
        ferries=ferries or {},
        cities={
            "Venice": city("Verona", 5, codes=["c", "p"], statuses={"v": "hm"}, port_sea_zones=["Adriatic"]),
            "Corcyra": city("Corfu", 4, statuses={"v": "p"}, garrison={"v": {"I": 2}}),
            "Taska": city("Istria", 4, walls=10, statuses={"v": "f"}),
        },
        sea_zones={"Adriatic": {}},
        coasts=[{"region": "Verona", "sea_zone": "Adriatic"}],
        borders=[{"a": "Verona", "b": "Istria"}, {"a": "Verona", "b": "Sicily"}, {"a": "Istria", "b": "Wild"}],
        leaders={"doge": leader, "swiss": ally, **(extra_leaders or {})},
        fleets={"f": {"nation": "v", "base_port": "Venice", "activity": "internal", "msp": 60}},
        mercenary_pools={"it": {"world_region": "WE", "units": {"LI": 40}},
                         "far": {"world_region": "CH", "units": {"I": 5}}},
    )  # fmt: skip
    return game(setup)


def _resolve(g: Game) -> list[object]:
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def _close(g: Game) -> None:
    """Confirm the pending adjudications, then close the adjudication and report phases."""
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    g.when(AdvancePhase())


def test_ex11_four_heavy_and_six_light_transports_become_28_msp() -> None:
    """EX-11 [L3924-3929] 4 x 4 + 6 x 2 = 28 MSP."""
    g = _venice()
    g.when(ConvertShipsToMSP(line="s", fleet="f", army="doge", ships={"HT": 4, "LT": 6}), V)
    events = _resolve(g)
    assert next(e for e in events if isinstance(e, m.ShipsConvertedToMSP)).msp == 28
    assert g.rules.fleets["f"].msp == 88 and "HT" not in g.rules.leaders["doge"].units


def test_ex14_sixty_msp_make_fifteen_heavy_transports_for_sixty_gp() -> None:
    """EX-14 [L4021-4026] 60 MSP / 4 = 15 HT for 15 x 4 = 60 GP."""
    g = _venice()
    gp = g.rules.nations["v"].gp
    g.when(BuildHeavyTransports(line="h", fleet="f", count=15, army="doge"), V)
    _resolve(g)
    assert g.rules.fleets["f"].msp == 0 and g.rules.leaders["doge"].units["HT"] == 19
    assert g.rules.nations["v"].gp == gp + g.rules.nations["v"].revenue.raw * 0 + _net(g) - 60 - _support(g)


def _net(g: Game) -> Fraction:
    return next(e for e in g.events if isinstance(e, m.RevenueCollected) and e.nation == "v").net


def _support(g: Game) -> Fraction:
    return next(e for e in g.events if isinstance(e, m.SupportPaid) and e.nation == "v").paid


def test_heavy_transports_need_four_msp_each() -> None:
    g = _venice()
    assert g.rejects(BuildHeavyTransports(line="h", fleet="f", count=16), V).code == "lote.not_enough_msp"


def test_ex15_verona_can_take_41_more_public_works_at_10_gp_or_5_nfp() -> None:
    """EX-15 [L4180-4185] 4 GPv cultivated: max 60, has 19, can add 41; 10 GP per point, 1 NFP = 2 GP."""
    g = _venice()
    assert g.rejects(BuildPublicWorks(line="p", location="Verona", points=42), V).code == "lote.pwb_cap"
    g.when(BuildPublicWorks(line="p", location="Verona", points=41, nfp="5"), V)
    events = _resolve(g)
    built = next(e for e in events if isinstance(e, m.PublicWorksBuilt))
    assert (built.gp, built.nfp) == (400, 5) and g.rules.regions["Verona"].pwb == 60


def test_a_full_ally_from_a_city_raises_up_to_the_city_gpv_in_nfp_of_units() -> None:
    """[L4449-4452] "If the Full Ally is from a city instead of a region, then the limit is: Build Limit = City
    GPv": Corcyra (4 GPv) raises 4 NFP of units a turn, not 5 x 4."""
    corcyra = {"nation": "v", "army_no": "3", "type": "A", "name": "Corcyreans", "age": 30, "combat": 5,
               "diplomacy": 5, "charisma": 5, "location": "Corfu", "home_city": "Corcyra"}  # fmt: skip
    g = _venice(extra_leaders={"corcyra": corcyra})
    refused = g.rejects(BuildAlliedUnits(line="a", ally="corcyra", unit="I", count=5), V)
    assert refused.code == "lote.allied_limit"
    g.when(BuildAlliedUnits(line="a", ally="corcyra", unit="I", count=4), V)
    assert g.rules.leaders["corcyra"].home_city == "Corcyra"


def test_ferry_arrows_and_their_points_are_in_the_view_of_a_nation_on_either_side() -> None:
    """§4.7 [L3696-3770] ferry arrows link two land regions with ferry points a nation may build
    ([L3709-3722]): a nation seeing a side sees the arrow and its points; an arrow between regions it does not
    see stays out of its view; the GM sees all."""
    from domain.rulesets.lote.reports.views import view_for
    from tests.domain.harness import GM

    g = _venice(ferries={"messina": {"a": "Verona", "b": "Sicily"}, "aegean": {"a": "Crete", "b": "Rhodes"}})
    g.when(BuildFerryPoints(line="1", ferry="messina", count=2), V)
    _resolve(g)
    seen = view_for(g.rules, V).ferries
    assert set(seen) == {"messina"} and seen["messina"].points == 12
    assert set(view_for(g.rules, GM).ferries) == {"messina", "aegean"}


def test_ex17_a_full_ally_of_2_gpv_raises_10_nfp_of_units_for_5_national_nfp() -> None:
    """EX-17 [L4457-4461] limit 2 x 5 = 10 NFP of units per turn, at half NFP."""
    g = _venice()
    assert g.rejects(BuildAlliedUnits(line="a", ally="swiss", unit="I", count=11), V).code == "lote.allied_limit"
    g.when(BuildAlliedUnits(line="a", ally="swiss", unit="I", count=10), V)
    events = _resolve(g)
    mustered = next(e for e in events if isinstance(e, m.UnitsMustered))
    assert (mustered.nfp, mustered.gp, mustered.allied) == (5, 30, True)


def test_ex18_half_a_gold_piece_a_head_buys_20_mercenary_infantry_for_10_gp() -> None:
    """EX-18 [L4489-4493] 0.5 GP/unit with 10 GP gives 20 units if not outbid."""
    g = _venice()
    assert g.rejects(
        BidMercenaries(line="m", pool="it", unit="LI", count=20, price="0.4", location="Venice", army="doge"), V
    ).code == ("lote.bid_too_low")
    g.when(BidMercenaries(line="m", pool="it", unit="LI", count=20, price="0.5", location="Venice", army="doge"), V)
    events = _resolve(g)
    hired = next(e for e in events if isinstance(e, m.MercenariesHired))
    assert (hired.count, hired.price * hired.count) == (20, 10)
    assert g.rules.leaders["doge"].units["LI"] == 20 and g.rules.mercenary_pools["it"].units["LI"] == 20
    _close(g)  # [L4480-4484] hired for the turn of hire only: they go back to the pool
    assert "LI" not in g.rules.leaders["doge"].units and g.rules.mercenary_pools["it"].units["LI"] == 40


def test_mercenaries_are_hired_at_a_controlled_city_of_their_region() -> None:
    """[L4505-4510] a controlled city in the pool's region, or the Homeland when there is none."""
    g = _venice()
    bid = BidMercenaries(line="m", pool="far", unit="I", count=5, price="1", location="Venice")
    assert g.rejects(bid, V).code == "lote.bad_hiring_place"


def test_the_highest_mercenary_bid_wins_and_equal_bids_split() -> None:
    """[L4476-4504] highest price per unit wins; equal bids split the units; the loser's gold stays saved."""
    g = _venice()
    g.when(BidMercenaries(line="a", pool="it", unit="LI", count=30, price="1", location="Venice", army="doge"), V)
    g.when(BidMercenaries(line="b", pool="it", unit="LI", count=30, price="1", location="Venice", army="doge"), V)
    events = _resolve(g)
    assert [e.count for e in events if isinstance(e, m.MercenariesHired)] == [20, 20]
    assert [e.gp for e in events if isinstance(e, m.MercenaryBidRefunded)] == [10, 10]


def test_ex19_colonising_populated_sicily_costs_30_gp_and_30_nfp_and_makes_it_friendly() -> None:
    """EX-19 [L4608-4612] 2 GPv x 15 in both GP and NFP."""
    g = _venice()
    g.when(Colonize(line="c", target="Sicily", kind="populated_region", gp="15", nfp="15"), V)
    _resolve(g)
    assert g.rules.regions["Sicily"].statuses["v"] == "p"  # until the whole cost is paid, it stays Pacified
    _close(g)
    g.when(Colonize(line="c", target="Sicily", kind="populated_region", gp="15", nfp="15"), V)
    _resolve(g)
    assert g.rules.regions["Sicily"].statuses["v"] == "f"


def test_ex20_colonising_the_city_of_corcyra_costs_20_gp_and_20_nfp() -> None:
    """EX-20 [L4625-4629] 4 GPv x 5."""
    g = _venice()
    g.when(Colonize(line="c", target="Corcyra", kind="populated_city", gp="20", nfp="20"), V)
    _resolve(g)
    assert g.rules.cities["Corcyra"].statuses["v"] == "f"


def test_colonising_an_unsettled_region_raises_its_gpv_and_rolls_its_resistance() -> None:
    """[L4541-4566] 15 GP + 15 NFP per GPv from -1; the new RV is random 1-10 (the GM confirms)."""
    g = _venice()
    g.when(Colonize(line="c", target="Wild", kind="unsettled", gp="15", nfp="15"), V)
    g.when(AdvancePhase())
    g.dice(7, sides=10, purpose="colony-resistance:Wild")
    g.when(AdvancePhase())
    assert g.rules.regions["Wild"].gpv == 0 and g.rules.regions["Wild"].statuses["v"] == "f"
    item = g.rules.adjudications["t1-v-colony_resistance-Wild"]
    assert item.proposal == "7"
    _close(g)
    assert g.rules.regions["Wild"].resistance == 7


def test_ex21_expanding_taska_while_keeping_its_wall_nfp_costs_65_gp_and_10_nfp() -> None:
    """EX-21 [L4678-4685] demobilise 10 WP (10 local NFP), expand 15 GP + 10 NFP, rebuild 10 WP for 50 GP."""
    g = _venice()
    g.when(Demobilize(line="1", location="Taska", units={"WP": 10}), V)
    g.when(ExpandCity(line="2", city="Taska"), V)
    g.when(BuildWallPoints(line="3", location="Taska", count=10), V)
    nfp_before = g.rules.nations["v"].nfp + g.rules.nations["v"].nfp_income
    events = _resolve(g)
    spent = [e for e in events if isinstance(e, m.CityExpanded | m.WallPointsBuilt)]
    assert sum(e.gp for e in spent) == 65 and sum(e.nfp for e in spent) == 10
    assert g.rules.nations["v"].nfp == nfp_before - 10
    assert (g.rules.cities["Taska"].gpv, g.rules.cities["Taska"].walls) == (5, 10)


def test_ex22_wall_points_cannot_be_rebuilt_above_the_builders_siege_qr() -> None:
    """EX-22 [L4714-4720] the Pechnegs (Siege QR 4) hold 7 WP: they cannot build more."""
    g = _venice(siege_qr=4)
    g.given(m.WallPointsBuilt(nation="x", location="Venice", count=7, gp=Fraction(0), nfp=Fraction(0)))
    assert g.rejects(BuildWallPoints(line="w", location="Venice", count=1), V).code == "lote.siege_qr_cap"


def test_ex23_an_aztec_monolith_of_base_3_in_the_mountains_is_5_levels_for_250_gp_125_nfp() -> None:
    """EX-23 [L4799-4808] pre-Columbian mountain x1.5: 4.5 -> 5 (X: the text says "Civilized"; Civilized is x2)."""
    g = _venice(culture="P", tech_level=3)
    order = PayMegalith(line="m", project="sun", kind="monolith", regions=["Huichol"], base_level="2", gp="0", nfp="0")
    n = g.rules.nations["v"]
    assert construction.megalith_levels(g.rules, n, order, Fraction(3)) == 5
    civ = _venice()
    assert construction.megalith_levels(civ.rules, civ.rules.nations["v"], order, Fraction(3)) == 6


def test_megaliths_are_paid_over_turns_and_finish_when_fully_paid() -> None:
    """[L4754-4760] level x (50 GP + 25 NFP), finished at the end of the turn of the last payment."""
    g = _venice()
    order = PayMegalith(
        line="m", project="wall", kind="great_wall", regions=["Malta"], base_level="3", gp="100", nfp="75"
    )
    g.when(order, V)
    _resolve(g)
    assert g.rules.projects["wall"].levels == 3  # EX-24: Malta touches three sea zones, island x1.0
    assert (
        g.rejects(
            PayMegalith(
                line="m", project="wall", kind="great_wall", regions=["Malta"], base_level="3", gp="51", nfp="0"
            ),
            V,
        ).code
        != "lote.overpaid"
    )  # the orders phase is closed: refused for the phase, not the amount
    g.when(AdvancePhase())
    assert "wall" in g.rules.projects  # not finished: 50 GP still due
    g.when(AdvancePhase())
    g.when(
        PayMegalith(line="m", project="wall", kind="great_wall", regions=["Malta"], base_level="3", gp="50", nfp="0"), V
    )
    _resolve(g)
    _close(g)
    assert "wall" not in g.rules.projects
    assert g.rules.regions["Malta"].megaliths[-1].levels == 3


def test_ex24_a_great_wall_around_malta_costs_150_gp_and_75_nfp() -> None:
    """EX-24 [L4887-4891] 3 levels x (50 GP + 25 NFP)."""
    g = _venice()
    too_much = PayMegalith(
        line="m", project="w", kind="great_wall", regions=["Malta"], base_level="3", gp="151", nfp="75"
    )
    assert g.rejects(too_much, V).code == "lote.overpaid"
    g.when(
        PayMegalith(line="m", project="w", kind="great_wall", regions=["Malta"], base_level="3", gp="150", nfp="75"), V
    )


def test_a_megalith_base_level_is_at_most_tl_minus_1() -> None:
    """[L4742-4760] base level <= TL - 1."""
    g = _venice()
    order = PayMegalith(line="m", project="x", kind="monolith", regions=["Verona"], base_level="5", gp="1", nfp="0")
    assert g.rejects(order, V).code == "lote.base_level"


def test_units_follow_their_build_codes() -> None:
    """Table 13-5 (L15207-15220): heavy cavalry needs a Friendly city; infantry may muster in the Homeland."""
    g = _venice()
    assert g.rejects(BuildUnits(line="u", unit="HC", count=1, location="Verona"), V).code == "lote.bad_build_location"
    g.when(BuildUnits(line="u", unit="HC", count=2, location="Venice"), V)
    g.when(BuildUnits(line="i", unit="I", count=3, location="Verona"), V)
    _resolve(g)
    assert g.rules.cities["Venice"].garrison["v"]["HC"] == 2 and g.rules.regions["Verona"].garrison["v"]["I"] == 3


def test_national_units_cannot_be_built_in_an_allied_region() -> None:
    """Table 13-3: only Friendly and Homeland locations build national units."""
    g = _venice()
    assert (
        g.rejects(BuildUnits(line="u", unit="I", count=1, location="Switzerland"), V).code == "lote.bad_build_location"
    )


def test_a_city_outside_the_homeland_build_zone_cannot_build_units() -> None:
    """[L1273-1299] HBZ = ceil(BL/2) AP from the capital by land: BL 0 reaches nothing beyond the capital region."""
    g = _venice(bl=0)
    assert g.rejects(BuildUnits(line="u", unit="I", count=1, location="Taska"), V).code == "lote.bad_build_location"
    g2 = _venice()
    g2.when(BuildUnits(line="u", unit="I", count=1, location="Taska"), V)  # Istria costs 1 AP (c) <= HBZ 2


def test_a_new_city_appears_at_the_end_of_the_turn_and_is_friendly() -> None:
    """[L4632-4650] Table 5-11: a new [1/0] city in a mountain region costs 30 GP + 25 NFP."""
    g = _venice()
    g.when(FoundCity(line="c", region="Huichol", name="Aztlan"), V)
    events = _resolve(g)
    laid = next(e for e in events if isinstance(e, m.CityFoundationLaid))
    assert (laid.gp, laid.nfp) == (30, 25) and "Aztlan" not in g.rules.cities
    _close(g)
    assert g.rules.cities["Aztlan"].gpv == 1 and g.rules.cities["Aztlan"].statuses == {"v": "f"}


def test_a_region_holds_one_city_and_none_in_an_oasis() -> None:
    g = _venice()
    assert g.rejects(FoundCity(line="c", region="Verona", name="Padua"), V).code == "lote.city_not_allowed"


def test_a_city_expands_by_one_gpv_a_turn_up_to_its_terrain_maximum() -> None:
    """[L4676-4677; L4693-4704] +1 per turn; a mountain city is at most 5 GPv."""
    g = _venice()
    g.when(ExpandCity(line="a", city="Taska"), V)
    assert g.rejects(ExpandCity(line="b", city="Taska"), V).code == "lote.one_level_per_turn"


def test_one_fortress_per_region_for_10_gp_and_10_nfp() -> None:
    """[L4414-4427] foundation + 1 WP."""
    g = _venice()
    g.when(BuildFortress(line="f", region="Istria"), V)
    _resolve(g)
    assert g.rules.regions["Istria"].fortress_wp == 1
    _close(g)
    assert g.rejects(BuildFortress(line="f", region="Istria"), V).code == "lote.fortress_exists"


def test_a_port_area_needs_a_coast() -> None:
    """[L4723-4741] 10 GP + 10 NFP in a coastal region."""
    g = _venice()
    assert g.rejects(BuildPortArea(line="p", region="Istria"), V).code == "lote.port_area_not_allowed"
    g.when(BuildPortArea(line="p", region="Verona"), V)


def test_a_form_that_spends_more_than_it_has_names_the_line() -> None:
    g = _venice(saved_gp="0")
    rejected = g.rejects(BuildPublicWorks(line="pw-7", location="Verona", points=41), V)
    assert rejected.code == "lote.over_budget" and "line 'pw-7'" in rejected.message


def test_converted_ships_must_fit_the_ports_msp_limit() -> None:
    """[L2690-2712] Venice (5 GPv, Homeland x2) bases at most 200 MSP of Venice's."""
    g = _venice()
    g.given(m.ShippingGrown(nation="v", fleet="f", route="-", msp=130))
    rejected = g.rejects(ConvertShipsToMSP(line="s", fleet="f", army="doge", ships={"HT": 4, "LT": 6}), V)
    assert rejected.code == "lote.port_limit"


def test_an_unsettled_wilderness_colony_stops_at_1_gpv() -> None:
    """[L4574-4580] Table 5-9: w colonises to at most 1 GPv, 15 GP + 15 NFP per step."""
    g = _venice()
    g.when(Colonize(line="c", target="Wild", kind="unsettled", gp="30", nfp="30"), V)
    _resolve(g)
    assert g.rules.regions["Wild"].gpv == 1
    _close(g)
    rejected = g.rejects(Colonize(line="c", target="Wild", kind="unsettled", gp="15", nfp="15"), V)
    assert rejected.code == "lote.colony_cap"


def test_an_unsettled_colony_needs_a_leader_when_not_next_to_held_land() -> None:
    """[L4557-4564] not adjacent to a controlled land region: the Colonize leader action carries the gold."""
    g = _venice()
    g.given(m.ControlStatusSet(place="Istria", nation="v", status=None, reason="lost"))
    rejected = g.rejects(Colonize(line="c", target="Wild", kind="unsettled", gp="15", nfp="15"), V)
    assert rejected.code == "lote.needs_colonize_action"


def test_the_first_gpv_of_a_sacked_city_is_rebuilt_for_10_gp_and_10_nfp() -> None:
    """[L4661-4668] a sacked (not burnt) city: the first GPv costs 10 GP + 10 NFP, then normal costs."""
    setup = scenario(
        nations={"r": nation("Rome", saved_gp="100", saved_nfp="20")},
        regions={"Latium": region(3, statuses={"r": "hm"})},
        cities={"Roma": city("Latium", 0, sacked=True, statuses={"r": "hm"})},
    )
    g = game(setup)
    g.when(ExpandCity(line="x", city="Roma"), seat("r"))
    events = _resolve(g)
    expanded = next(e for e in events if isinstance(e, m.CityExpanded))
    assert (expanded.gpv, expanded.gp, expanded.nfp) == (1, 10, 10)


def test_nomads_build_at_a_controlled_trade_center_as_if_it_were_a_city() -> None:
    """[L3281-3283] nomads and barbarians may build at any controlled Trade Center as if it were a city."""
    setup = scenario(
        nations={"k": nation("Kipchak", culture="N", government="tribal", tech_level=3, hbz_origin="Steppe",
                             saved_gp="100", saved_nfp="20")},
        regions={"Steppe": region(2, "s", statuses={"k": "hm"}, trade_center="M")},
    )  # fmt: skip
    g = game(setup)
    g.when(BuildUnits(line="u", unit="HC", count=1, location="Steppe"), seat("k"))


def test_a_megalith_is_lost_if_its_region_is_taken_before_it_is_finished() -> None:
    """[L4754-4760]."""
    g = _venice()
    g.when(
        PayMegalith(line="m", project="w", kind="great_wall", regions=["Malta"], base_level="3", gp="50", nfp="25"), V
    )
    _resolve(g)
    g.when(m.SetControlStatus(place="Malta", nation="v", status=None, reason="taken by the Normans"))
    events = g.when(AdvancePhase())
    assert any(isinstance(e, m.MegalithLost) and e.project == "w" for e in events)
    assert "w" not in g.rules.projects


def test_a_city_under_attack_in_the_first_half_of_the_turn_is_not_built_and_refunds_its_cost() -> None:
    """[L4643-4646] the GM rules it; the city's GP and NFP return to Saved."""
    g = _venice()
    g.when(FoundCity(line="c", region="Huichol", name="Aztlan"), V)
    _resolve(g)
    gp, nfp = g.rules.nations["v"].gp, g.rules.nations["v"].nfp
    assert g.rejects(m.CancelCityFoundation(name="Aztlan", reason="")).code == "lote.reason_required"
    g.when(m.CancelCityFoundation(name="Aztlan", reason="raided by the Mixtecs in March"))
    assert (g.rules.nations["v"].gp, g.rules.nations["v"].nfp) == (gp + 30, nfp + 25)
    _close(g)
    assert "Aztlan" not in g.rules.cities


def test_a_line_the_treasury_can_no_longer_pay_fails_as_an_event() -> None:
    """Support is paid first; a build the emptied treasury cannot pay is a failed order, not a refusal."""
    g = _venice()
    g.when(BuildPublicWorks(line="p", location="Verona", points=10), V)
    g.when(AdvancePhase())
    g.when(m.AdjustTreasury(nation="v", gp=str(-g.rules.nations["v"].gp), nfp="0", reason="the treasury was robbed"))
    events = g.when(AdvancePhase())
    failed = [e for e in events if isinstance(e, m.OrderFailed)]
    assert [(e.line, e.code) for e in failed] == [("p", "lote.treasury_empty")]
    assert g.rules.regions["Verona"].pwb == 19


def test_ex32_the_egyptian_homeland_build_zone_reaches_sinai_and_thebes_but_not_libya_nubia_or_cyprus() -> None:
    """EX-32 [L1290-1299] HBZ 3 from Alexandria: Mansura 1 + Sinai 2; Ad'Diffah 2 (+ Libya 2 = 4); Faiyum 1 +
    Thebes 1 (+ Nubia 2 = 4); Cyprus lies across a sea zone."""
    from domain.rulesets.lote.movement import hbz

    held = {"e": "f"}
    setup = scenario(
        nations={"e": nation("Egyptian Caliphate", capital="Alexandria", bl=5)},
        regions={"Egypt": region(5, "c2", statuses={"e": "hm"}), "Mansura": region(3, "c2", statuses=held),
                 "Sinai": region(1, "d", statuses=held), "Ad'Diffah": region(1, "d", statuses=held),
                 "Libya": region(1, "d", statuses=held), "Faiyum": region(3, "c", statuses=held),
                 "Thebes": region(3, "c", statuses=held), "Nubia": region(1, "d", statuses=held),
                 "Cyprus": region(2, "i", statuses=held)},
        cities={"Alexandria": city("Egypt", 10, codes=["c", "p"], statuses={"e": "hm"})},
        borders=[{"a": "Egypt", "b": "Mansura"}, {"a": "Mansura", "b": "Sinai"}, {"a": "Egypt", "b": "Ad'Diffah"},
                 {"a": "Ad'Diffah", "b": "Libya"}, {"a": "Egypt", "b": "Faiyum"}, {"a": "Faiyum", "b": "Thebes"},
                 {"a": "Thebes", "b": "Nubia"}],
    )  # fmt: skip
    g = game(setup)
    n = g.rules.nations["e"]
    inside = {r for r in g.rules.regions if hbz.in_hbz(g.rules, n, r)}
    assert inside == {"Egypt", "Mansura", "Sinai", "Ad'Diffah", "Faiyum", "Thebes"}


def test_entering_a_region_held_below_non_paying_tributary_costs_one_more_ap() -> None:
    """Table 13-3 (L14928-14985): +1 AP to enter n, c or oc regions; nt, t and better cost nothing extra."""
    from domain.rulesets.lote.movement import hbz

    setup = scenario(
        nations={"e": nation("E", capital="Cap", bl=2)},
        regions={"Home": region(2, statuses={"e": "hm"}), "Claimed": region(1, statuses={"e": "c"}),
                 "Tribute": region(1, statuses={"e": "nt"})},
        cities={"Cap": city("Home", 3, statuses={"e": "hm"})},
        borders=[{"a": "Home", "b": "Claimed"}, {"a": "Home", "b": "Tribute"}],
    )  # fmt: skip
    costs = hbz.ap_from_origin(game(setup).rules, game(setup).rules.nations["e"])
    assert (costs["Claimed"], costs["Tribute"]) == (2, 1)


def _ports(bl: int) -> Game:
    setup = scenario(
        nations={"s": nation("Slavers", capital="Inland", bl=bl, economic_base="slave", slave_nfp="30",
                             saved_gp="200", saved_nfp="40")},
        regions={"Home": region(3, statuses={"s": "hm"}), "Mid": region(2, "w", statuses={"s": "f"}),
                 "Coast": region(2, "w", statuses={"s": "f"}, coastal=True)},
        cities={"Inland": city("Home", 4, codes=["c"], statuses={"s": "hm"}),
                "Harbour": city("Coast", 2, codes=["p"], statuses={"s": "f"})},
        borders=[{"a": "Home", "b": "Mid"}, {"a": "Mid", "b": "Coast"}],
    )  # fmt: skip
    return game(setup)


def test_without_a_port_city_in_the_hbz_the_nearest_port_city_builds_ships() -> None:
    """[L4265-4268] Harbour is 4 AP away (HBZ 1) but the nearest port city: it may build warships."""
    g = _ports(bl=2)
    g.when(BuildUnits(line="w", unit="W", count=1, location="Harbour"), seat("s"))
    assert g.rejects(BuildUnits(line="i", unit="I", count=1, location="Harbour"), seat("s")).code == (
        "lote.bad_build_location"
    )


def test_a_city_built_mostly_with_slave_nfp_starts_pacified() -> None:
    """[L4650-4654] a Slave economy may use slave NFP; more than half of the NFP in slaves: the city is Pacified."""
    g = _ports(bl=2)
    g.when(FoundCity(line="c", region="Mid", name="Slavetown", slave_nfp=15), seat("s"))  # 15 of 25 NFP
    _resolve(g)
    _close(g)
    assert g.rules.cities["Slavetown"].statuses == {"s": "p"}
    assert g.rules.nations["s"].slave_nfp == 15


def test_only_a_slave_economy_builds_with_slave_nfp() -> None:
    g = _venice()
    rejected = g.rejects(FoundCity(line="c", region="Huichol", name="X", slave_nfp=5), V)
    assert rejected.code == "lote.not_a_slave_economy"


def test_a_fortress_and_its_walls_ordered_together_resolve_as_validated() -> None:
    """[L4414-4427] a fortress comes with one wall point; [L4706-4721] walls up to the builder's Siege QR (10).
    Fortress + 4 + 5 WP in Po is exactly 10: accepted, and resolved without counting the fortress's point or the
    earlier line twice (a line validation accepts must not fail at resolution for a reason it could see)."""
    g = _venice()
    g.when(BuildFortress(line="1", region="Po"), V)
    g.when(BuildWallPoints(line="2", location="Po", count=4), V)
    g.when(BuildWallPoints(line="3", location="Po", count=5), V)
    assert g.rejects(BuildWallPoints(line="4", location="Po", count=1), V).code == "lote.siege_qr_cap"
    events = _resolve(g)
    assert not [e for e in events if isinstance(e, m.OrderFailed)]
    assert [e.count for e in events if isinstance(e, m.WallPointsBuilt)] == [4, 5]
    assert g.rules.regions["Po"].fortress_wp == 10


def test_nfp_may_stand_in_for_the_whole_public_works_cost_but_no_more() -> None:
    """[L4150-4151] "1 NFP can be substituted for 2 GP": 41 points in Verona cost 410 GP, so 205 NFP pay all of
    it (accepted) and 205.5 NFP would pay more than the cost (`lote.too_much_nfp`)."""
    g = _venice()
    over = BuildPublicWorks(line="p", location="Verona", points=41, nfp="205.5")
    assert g.rejects(over, V).code == "lote.too_much_nfp"
    g.when(BuildPublicWorks(line="p", location="Verona", points=41, nfp="205"), V)
