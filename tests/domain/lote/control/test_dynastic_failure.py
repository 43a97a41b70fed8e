"""The Dynastic Failure procedure (§9.8.1 [L8925-8965]; §9.8.1.1 [L8966-8981]; Table 9-3 [L8700-8712]; Table 13-9
[L15255-15308]): every leader checked for revolt, successor states founded, regions going with them, the other
provinces' revolts, the strongest state to the original player, seizures the next turn, and the transformations a
DF brings at once. Every step the GM judges is an item with its inputs and dice."""

from __future__ import annotations

from typing import Any

from domain.engine import DiceRolled
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.helpers import game, nation, of, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

HRE, BUR = seat("hre"), seat("bur")


def empire(**nation_fields: Any) -> Game:
    """The Empire `hre` (Imperial, caste society): Saxony (hm), Bavaria (f), Austria (f), Tyrol
    (nt), Verona (p), Bohemia (a); the old Emperor `k` at Saxony with no Heir; Duke Albrecht `duke` (Lieutenant,
    Charisma 7, 20 infantry) in Austria; Count Otto `count` (Lieutenant) in Saxony; Burgundy `bur` beside."""
    fields = {"government": "imperial", "bl": 4, "capital": "Meissen", "societal_base": "caste", "saved_gp": "200"}
    setup = scenario(
        nations={"hre": nation("Holy Roman Empire", **{**fields, **nation_fields}), "bur": nation("Burgundy")},
        regions={
            "Saxony": region(4, statuses={"hre": "hm"}),
            "Bavaria": region(3, statuses={"hre": "f"}),
            "Austria": region(3, statuses={"hre": "f"}),
            "Tyrol": region(1, "m", statuses={"hre": "nt"}),
            "Verona": region(2, statuses={"hre": "p"}, garrison={"hre": {"I": 10}}),
            "Bohemia": region(2, statuses={"hre": "a"}),
            "Dijon": region(3, statuses={"bur": "hm"}),
        },
        cities={
            "Meissen": {"region": "Saxony", "gpv": 3, "statuses": {"hre": "hm"}},
            "Vienna": {"region": "Austria", "gpv": 2, "statuses": {"hre": "f"}},
        },
        borders=[
            {"a": "Saxony", "b": "Bavaria"},
            {"a": "Bavaria", "b": "Austria"},
            {"a": "Austria", "b": "Tyrol"},
            {"a": "Tyrol", "b": "Verona"},
            {"a": "Saxony", "b": "Bohemia"},
        ],
        leaders={
            "k": king("hre", "Meissen", name="Friedrich", age=60),
            "duke": king("hre", "Austria", type="L", army_no="2", name="Albrecht", charisma=7, units={"I": 20}),
            "count": king("hre", "Saxony", type="L", army_no="3", name="Otto", charisma=5),
            "bk": king("bur", "Dijon"),
        },
    )
    return game(setup)


def raised(events: list[Any], kind: str) -> list[m.Adjudication]:
    return [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == kind]


def failed(g: Game) -> list[Any]:
    """The Emperor dies without an Heir; the GM rules a Dynastic Failure; the turn closes (it begins)."""
    g.when(m.ConfirmLeaderDeath(leader_id="k", cause="old_age", reason="his time"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        if item.kind == "dynastic_failure":
            g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="failure", reason="the electors split"))
        else:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    return g.when(AdvancePhase())


def found(g: Game, leader: str = "duke") -> list[Any]:
    item = next(i for i in g.rules.adjudications.values() if i.kind == "df_leader" and i.subject == leader)
    return g.when(m.FoundSuccessorState(item_id=item.item_id, nation="ost", name="Ostmark", reason="he took Vienna"))


def decide(g: Game, kind: str, **rulings: str) -> list[Any]:
    """The GM rules the pending items of `kind`: `rulings` by subject, the others confirmed."""
    out: list[Any] = []
    for item in [i for i in g.rules.adjudications.values() if i.kind == kind and i.outcome is None]:
        if item.subject in rulings:
            command: Any = m.OverrideAdjudication(item_id=item.item_id, outcome=rulings[item.subject], reason="ruled")
        else:
            command = m.ConfirmAdjudication(item_id=item.item_id)
        out += g.when(command)
    return out


def test_a_dynastic_failure_checks_every_leader_for_revolt_with_recorded_dice() -> None:
    """[L8936-8938] "The GM checks all of your Leaders for Revolt": a `df_leader` item per leader (the King has
    died), with his Loyalty, Charisma, place and troops and a GM-only 2d6; the nation sees a check only if the
    leader revolted (his Loyalty is hidden, [L2111-2117])."""
    g = empire()
    g.dice(3, 4, purpose="df-leader:hre:duke")
    events = failed(g)
    assert [e.nation for e in of(events, m.DynasticFailureBegan)] == ["hre"]
    checks = {i.subject: i for i in raised(events, "df_leader")}
    assert set(checks) == {"duke", "count"} and checks["duke"].rolls == (3, 4)
    assert "Loyalty 7, Charisma 7, troops {'I': 20}" in checks["duke"].explanation
    assert "Oligarchy" in checks["duke"].explanation  # Table 13-9: the rebelling piece of an Imperial government
    assert all(i.proposal == "loyal" for i in checks.values())
    (roll,) = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "df-leader:hre:duke"]
    assert redact(roll, HRE) is None
    assert all(redact(e, HRE) is None for e in of(events, m.AdjudicationRaised) if e.item.kind == "df_leader")
    assert g.rules.dynasty.failures["hre"].stage == "leaders" and g.rules.nations["hre"].dynastic_failure_turn == 1
    assert "Dynastic Failure: the realm is torn by civil war over the succession." in [
        i.text for i in g.rules.press.items.values()
    ]


def test_a_rebel_whose_situation_warrants_it_founds_a_successor_state_and_the_civil_war_is_recorded() -> None:
    """[L8938-8941] "if a Leader does revolt and his situation warrants it, he may attempt to form an independent
    state wherever he is": a new nation with him as King (army number 1, his troops), the original's people;
    [L8966-8981] the successor states may seize each other's Friendly regions on the next turn only."""
    g = empire()
    failed(g)
    assert g.rejects(m.OverrideAdjudication(item_id=raised_id(g, "duke"), outcome="secedes", reason="x")).code == (
        "lote.bad_outcome"
    )
    bad = m.FoundSuccessorState(item_id=raised_id(g, "duke"), nation="bur", name="x", reason="x")
    assert g.rejects(bad).code == "lote.nation_exists"
    wrong = m.FoundSuccessorState(item_id="t1-hre-df_leader-nobody", nation="ost", name="x", reason="x")
    assert g.rejects(wrong).code == "lote.unknown_item"
    events = found(g)
    (founded,) = of(events, m.SuccessorStateFounded)
    assert (founded.original, founded.nation, founded.founder, founded.government) == ("hre", "ost", "duke", "imperial")
    ost = g.rules.nations["ost"]
    assert (ost.name, ost.culture, ost.tech_level, ost.religion, ost.societal_base, ost.bl) == (
        "Ostmark", "C", 5, "RC", "caste", 0,
    )  # fmt: skip
    duke = g.rules.leaders["duke"]
    assert (duke.nation, duke.type, duke.army_no, duke.units) == ("ost", "K", "1", {"I": 20})
    assert g.rules.control.successors == {"hre": (("hre", "ost"), 2)}
    assert g.rules.dynasty.failures["hre"].successors == ("ost",)
    assert redact(founded, seat("ost")) is not None and redact(founded, BUR) is None
    assert "Civil war: Albrecht proclaimed the independent realm of Ostmark." in [
        i.text for i in g.rules.press.items.values()
    ]


def raised_id(g: Game, subject: str) -> str:
    return next(i.item_id for i in g.rules.adjudications.values() if i.kind == "df_leader" and i.subject == subject)


def test_regions_accrete_to_a_strong_rebel_or_where_no_loyal_leader_stands_near() -> None:
    """[L8941-8944] "Regions controlled by the Nation suffering the Dynastic Failure will accrete to this new nation
    if his Charisma is strong, or if there is not another loyal leader to counter-act the effects of this
    rebellion in that area": Austria (his) and Tyrol (bordering it) have no loyal leader near and go; Bavaria has
    the loyal Count Otto next door and Albrecht's Charisma 7 is below the strong 9, so it stays. A region takes its
    cities with it (Vienna)."""
    g = empire()
    failed(g)
    found(g)
    events = decide(g, "df_leader")  # Count Otto: loyal
    regions = {i.subject: i for i in raised(events, "df_region")}
    assert {k: v.proposal for k, v in regions.items()} == {"Austria": "ost", "Bavaria": "stays", "Tyrol": "ost"}
    assert "Otto at Saxony (Charisma 5)" in regions["Bavaria"].explanation
    assert g.rules.dynasty.failures["hre"].stage == "regions"
    assert g.rejects(m.OverrideAdjudication(item_id=regions["Tyrol"].item_id, outcome="bur", reason="x")).code == (
        "lote.bad_outcome"
    )
    events = decide(g, "df_region")
    assert sorted(e.place for e in of(events, m.RegionAccreted)) == ["Austria", "Tyrol"]
    assert g.rules.regions["Austria"].statuses == {"ost": "f"} and g.rules.regions["Tyrol"].statuses == {"ost": "nt"}
    assert g.rules.cities["Vienna"].statuses == {"ost": "f"}
    assert "Tyrol declared for Ostmark." in [i.text for i in g.rules.press.items.values()]


def test_the_other_provinces_are_checked_for_revolt_as_the_text_weighs_them() -> None:
    """[L8945-8951] "it is very likely that Pacified Tributary, Pacified, Non-Paying Tributary, Feudal Ally and
    Economic Allies will revolt. It is still possible, though much less likely, that Full Allies and Friendly regions
    will revolt": Verona (p) is proposed to revolt; Bavaria (f), Bohemia (a) and Saxony (hm) to hold."""
    g = empire()
    failed(g)
    found(g)
    decide(g, "df_leader")
    events = decide(g, "df_region")
    provinces = {i.subject: i for i in raised(events, "df_province")}
    assert {k: v.proposal for k, v in provinces.items()} == {
        "Saxony": "holds", "Bavaria": "holds", "Verona": "revolts", "Bohemia": "holds",
    }  # fmt: skip
    assert "very likely" in provinces["Verona"].explanation and "much less likely" in provinces["Bohemia"].explanation
    events = decide(g, "df_province", Bohemia="revolts")
    assert sorted(e.place for e in of(events, m.PlaceRevolted)) == ["Bohemia", "Verona"]
    assert "hre" not in g.rules.regions["Verona"].statuses and "hre" not in g.rules.regions["Verona"].garrison


def test_the_strongest_state_goes_to_the_original_player_and_the_procedure_ends() -> None:
    """[L8952-8956] "the GM will determine which of the successor states (or the source Nation) is the strongest and
    will give that Nation to the original player": proposed by the GPv held (the Empire: Saxony 4 + Meissen 3 +
    Bavaria 3 + Bohemia 2 = 12 against Ostmark's Austria 3 + Vienna 2 + Tyrol 1 = 6)."""
    g = empire()
    failed(g)
    found(g)
    decide(g, "df_leader")
    decide(g, "df_region")
    events = decide(g, "df_province")
    (award,) = raised(events, "df_award")
    assert award.proposal == "hre" and "{'hre': 12, 'ost': 6}" in award.explanation
    events = g.when(m.OverrideAdjudication(item_id=award.item_id, outcome="ost", reason="the player follows the duke"))
    assert [(e.original, e.nation) for e in of(events, m.DynastyAwarded)] == [("hre", "ost")]
    assert g.rules.dynasty.failures["hre"].stage == "done" and g.rules.dynasty.failures["hre"].award == "ost"


def test_without_successor_states_the_procedure_runs_to_the_provinces_and_ends() -> None:
    """No leader revolts: no region stage, no award ([L8952-8956] the source nation stays the player's)."""
    g = empire()
    failed(g)
    events = decide(g, "df_leader", duke="revolts")
    (rebel,) = of(events, m.LeaderRebelled)
    assert (rebel.leader_id, rebel.followers) == ("duke", {"I": 20}) and "duke" not in g.rules.leaders
    assert not raised(events, "df_region") and raised(events, "df_province")
    decided = {e.item_id.rpartition("-")[2]: e for e in of(events, m.AdjudicationDecided)}
    assert redact(decided["duke"], HRE) is not None and redact(decided["count"], HRE) is None  # loyal: unseen
    events = decide(g, "df_province")
    assert not raised(events, "df_award") and g.rules.dynasty.failures["hre"].stage == "done"


def test_ex46_successor_states_seize_friendly_regions_on_the_turn_after_the_failure() -> None:
    """EX-46 [L8984-8999] the successor states "may seize Friendly regions held by another successor state" on "the
    turn immediately following" ([L8966-8973]): Albrecht's Ostmark marches into Bavaria, Friendly to the Empire,
    with 20 infantry against its garrison value; a `seizure` item proposes it."""
    g = empire()
    failed(g)
    found(g)
    decide(g, "df_leader")
    decide(g, "df_region")
    decide(g, "df_province")
    decide(g, "df_award")
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())  # the reports are out: turn 2's orders
    g.when(GiveItinerary(line="a", army="duke", steps=[Step(kind="move", to="Bavaria")]), seat("ost"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (item,) = raised(events, "seizure")
    assert (item.nation, item.subject, item.proposal) == ("ost", "Bavaria", "seize")


def test_a_caste_society_may_turn_feudal_at_once_paying_high_gold_and_the_government_may_change() -> None:
    """Table 9-1 [L8608-8609] `d`: "Instant After DF"; Table 9-3 [L8700-8712] Caste to Feudal `dG(once)`: 20 GP x
    Imperial Size, once. Table 13-9 [L15255-15308]: an Imperial government may become a Centralized
    Monarchy, a Constitutional Monarchy or a Dictatorship after a DF."""
    g = empire()
    events = failed(g)
    size = g.rules.nations["hre"].imperial_size
    (society,) = raised(events, "df_society")
    assert society.proposal == "unchanged" and f"paying {20 * size} GP once" in society.explanation
    (government,) = raised(events, "df_government")
    assert government.proposal == "unchanged" and "'constitutional_monarchy'" in government.explanation
    gp = g.rules.nations["hre"].gp
    g.when(m.OverrideAdjudication(item_id=society.item_id, outcome="feudal", reason="the castes broke"))
    assert g.rules.nations["hre"].societal_base == "feudal" and g.rules.nations["hre"].gp == gp - 20 * size
    refused = g.rejects(m.OverrideAdjudication(item_id=government.item_id, outcome="democracy", reason="x"))
    assert refused.code == "lote.bad_outcome"
    g.when(m.OverrideAdjudication(item_id=government.item_id, outcome="centralized_monarchy", reason="regression"))
    assert g.rules.nations["hre"].government == "centralized_monarchy"


def test_a_centralized_monarchy_usually_becomes_feudal_after_a_dynastic_failure() -> None:
    """Table 13-9 [L15257-15260] "usually any one of the four will turn the Centralized Monarchy into a Feudal one"
    (Dynastic Strife among them): the engine proposes it; an Open society may become Feudal at no cost (`d`)."""
    g = empire(government="centralized_monarchy", societal_base="open")
    events = failed(g)
    assert raised(events, "df_government")[0].proposal == "feudal_monarchy"
    assert "paying" not in raised(events, "df_society")[0].explanation
