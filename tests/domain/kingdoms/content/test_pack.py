"""The kingdoms content pack: the default pack holds the seed's tables, the example file equals it plus one campaign
monster, and the validator names the record and field of every fault."""

from __future__ import annotations

import msgspec
import pytest

from domain.engine.errors import Rejected
from domain.rulesets.kingdoms.content import (
    ContentPack,
    default_pack,
    extend,
    load_addition,
    load_pack,
    problems,
    validate,
)
from domain.rulesets.kingdoms.content.armies import Range
from tests.domain.kingdoms.content.example import EXAMPLE, example_json


def _replace_army(pack: ContentPack, code: str, **changes: object) -> ContentPack:
    armies = [msgspec.structs.replace(a, **changes) if a.code == code else a for a in pack.army_types]
    return msgspec.structs.replace(pack, army_types=armies)


def test_the_default_pack_is_valid_and_round_trips_through_json() -> None:
    pack = default_pack()
    assert problems(pack) == []
    assert load_pack(msgspec.json.encode(pack)) == pack


def test_the_example_pack_is_the_default_plus_one_campaign_monster() -> None:
    example = load_pack(EXAMPLE.read_bytes())
    default = default_pack()
    assert [m.id for m in example.monsters if m not in default.monsters] == ["wyvern"]
    stripped = msgspec.structs.replace(
        example,
        id=default.id,
        name=default.name,
        monsters=[m for m in example.monsters if m.id != "wyvern"],
    )
    assert stripped == default
    assert EXAMPLE.read_bytes() == example_json(), "regenerate: python -m tests.domain.kingdoms.content.example"


def test_army_type_table_rows_as_split_in_the_digest() -> None:
    """[004:24] "Hvy Cavalry HC 4 3 3 Plains For,Jung,Mtns,SeaChariot,Beasts"."""
    hc = default_pack().army_type("HC")
    assert (hc.strength, hc.speed, hc.pay) == (4, 3, 3)
    assert hc.home_terrain == ["plain"]
    assert hc.adverse_terrain == ["forest", "jungle", "mountain", "sea"]
    assert hc.nemesis == ["CH", "beasts"]


def test_garrison_and_elephants_have_their_special_strengths() -> None:
    """[004:40] "Garrison units have a strength of 3 when defending a province, but only 1 when attacking";
    [004:65] "Elephants ... can have a strength of anywhere between 2 and 5"."""
    pack = default_pack()
    assert (pack.army_type("GA").strength, pack.army_type("GA").attacking_strength) == (3, 1)
    assert pack.army_type("EL").strength_roll == Range(low=2, high=5)


def test_beasts_are_camels_elephants_werebeasts_wargs_and_dragons() -> None:
    """[004:67] "Beasts" are camels, elephants, werebeasts, wargs and dragons."""
    beasts = sorted(a.code for a in default_pack().army_types if "beasts" in a.groups)
    assert beasts == ["CC", "DR", "EL", "WE", "WR"]


def test_spy_table_rows() -> None:
    """[004:207] "150%55%100%": Spy level 1 escapes notice 50%, margin of error 55%, pursue or trail 100%."""
    row = default_pack().spy_row(1)
    assert (row.escape_notice_pct, row.margin_pct, row.pursue_pct) == (50, 55, 100)
    assert default_pack().spy_row(5).level == 4  # above the table: its last row


def test_offices_and_artifacts_share_one_hundred_prize_percent() -> None:
    """[004:267-363] World Emperor 20, seven offices of 10; [004:365] "The 10 remaining Merit Points"."""
    pack = default_pack()
    assert sum(o.prize_pct for o in pack.offices) == 90
    assert len([i for i in pack.items if i.artifact]) == 10


def test_an_unknown_terrain_names_the_army_type_and_field() -> None:
    pack = _replace_army(default_pack(), "HC", home_terrain=["swamp"])
    with pytest.raises(Rejected) as refused:
        validate(pack)
    assert refused.value.code == "kingdoms.content_invalid"
    assert "army_types[HC].home_terrain: unknown terrain 'swamp'" in refused.value.message


def test_an_unknown_nemesis_names_the_army_type_and_field() -> None:
    pack = _replace_army(default_pack(), "PH", nemesis=["XX"])
    assert problems(pack) == ["army_types[PH].nemesis: unknown army type or group 'XX'"]


def test_a_duplicate_id_is_named() -> None:
    pack = default_pack()
    doubled = msgspec.structs.replace(pack, monsters=[*pack.monsters, pack.monsters[0]])
    assert problems(doubled) == ["monsters[gryphon]: the id appears 2 times"]


def test_a_random_event_may_at_most_double_strength() -> None:
    """[004:61] "Each random event can as much as double the strength of the affected force"."""
    pack = default_pack()
    events = [msgspec.structs.replace(pack.random_events[0], factor="5/2"), *pack.random_events[1:]]
    found = problems(msgspec.structs.replace(pack, random_events=events))
    assert found == ["random_events[divine_favour].factor: 5/2 must lie between 1/100 and 2"]


def test_a_broken_merit_counter_and_prize_total_are_named() -> None:
    pack = default_pack()
    office = pack.offices[1]
    merit = [msgspec.structs.replace(office.merit[0], counter="dragons_petted"), *office.merit[1:]]
    offices = [pack.offices[0], msgspec.structs.replace(office, merit=merit, prize_pct=15), *pack.offices[2:]]
    found = problems(msgspec.structs.replace(pack, offices=offices))
    assert "offices[high_chancellor].merit[0].counter: unknown merit counter 'dragons_petted'" in found
    assert "offices: Prize % of the offices and artifacts must total 100, not 105" in found


def test_a_gap_in_the_spy_levels_is_named() -> None:
    pack = default_pack()
    found = problems(msgspec.structs.replace(pack, spy=[row for row in pack.spy if row.level != 2]))
    assert found == ["spy: levels must run 0, 1, ... without gaps (got [0, 1, 3, 4])"]


def test_a_bad_field_in_json_is_refused_with_its_path() -> None:
    raw = msgspec.json.decode(msgspec.json.encode(default_pack()))
    raw["army_types"][3]["speed"] = -1
    with pytest.raises(Rejected) as refused:
        load_pack(msgspec.json.encode(raw))
    assert refused.value.code == "kingdoms.content_invalid"
    assert "$.army_types[3].speed" in refused.value.message


def test_a_campaign_can_add_a_race_that_the_druid_table_names() -> None:
    pack = default_pack()
    races = [
        *pack.races,
        msgspec.convert({"id": "gnome", "name": "Gnomes", "humanoid": False}, type=type(pack.races[0])),
    ]
    druid = [msgspec.structs.replace(pack.druid[0], leads=[*pack.druid[0].leads, "gnome"]), *pack.druid[1:]]
    assert problems(msgspec.structs.replace(pack, races=races, druid=druid)) == []
    assert problems(msgspec.structs.replace(pack, druid=druid)) == ["druid[1].leads: unknown race or army type 'gnome'"]


def test_a_campaign_adds_records_and_replaces_those_with_the_same_id() -> None:
    addition = load_addition((EXAMPLE.parent / "campaign.json").read_bytes())
    pack = extend(default_pack(), addition)
    assert pack.id == "kingdoms-campaign-example"
    assert pack.monster("wyvern").hit_points == 20
    assert pack.monster("demon").hit_points == 40  # replaced in place
    assert [m.id for m in pack.monsters].index("demon") == 3
    assert pack.item("war_banner").quality_bonus == 1
    assert len(pack.monsters) == len(default_pack().monsters) + 1


def test_a_campaign_addition_that_breaks_a_reference_is_refused() -> None:
    addition = load_addition(b'{"id": "x", "version": 1, "name": "x", "items": [{"id": "staff", "name": "Staff",'
                             b' "casts": "fireball"}]}')  # fmt: skip
    with pytest.raises(Rejected) as refused:
        extend(default_pack(), addition)
    assert refused.value.code == "kingdoms.content_invalid"
    assert "items[staff].casts: unknown spell 'fireball'" in refused.value.message
    with pytest.raises(Rejected) as bad:
        load_addition(b'{"id": "x", "version": 1, "name": "x", "monsters": [{"id": "m"}]}')
    assert "$.monsters[0]" in bad.value.message


def test_quality_names_have_their_levels() -> None:
    """[004:53] "Depleted = 0, Green = 1, Average = 2, Veteran = 3, Crack = 4, Elite = 5" and Sub-Depleted,
    Super-Elite (6+)."""
    pack = default_pack()
    names = ["sub_depleted", "depleted", "green", "average", "veteran", "crack", "elite", "super_elite"]
    assert [pack.quality_level(name) for name in names] == [-1, 0, 1, 2, 3, 4, 5, 6]
