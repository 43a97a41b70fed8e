"""How the Second Era bot decides: the rule text's yields and costs, and a planner that turns a god's view into
orders. No I/O here: `second_era.py` reads the API and sends what this module plans."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any

RES = ("food", "production", "gold", "luxuries", "mana")
Bundle = dict[str, Fraction]

# The rules a player knows from the text (seed 002); the server enforces them, the bot only plans with them.
UPKEEP: dict[str, dict[str, int]] = {  # [002:18-20], [002:39-44]
    "farmer": {"food": 1, "production": 1},
    "miner": {"food": 1, "production": 1},
    "crafter": {"food": 1},
    "trader": {"food": 1, "production": 1, "gold": 1},
    "war": {"food": 1, "gold": 1},
    "mage": {"food": 1, "luxuries": 1},
}
PRODUCES: dict[str, dict[str, int]] = {"crafter": {"production": 2, "gold": 1}, "trader": {"luxuries": 3}}
ELEMENTS: dict[str, dict[str, int]] = {  # [002:24-28] per Miner Clan
    "earth": {"production": 3, "gold": 1},
    "water": {"gold": 1, "luxuries": 1, "mana": 1, "production": 1},
    "fire": {"gold": 1, "production": 2, "mana": 1},
    "air": {"mana": 2, "luxuries": 2},
    "void": {"mana": 5},
}
ADAPTATION = {  # [002:48-50] spell slots a race must spend to live on a habitat
    "terrestrial": {"sky": 1, "abyss": 1, "caves": 99},
    "subterranean": {"sky": 2, "volcano": 2},
    "aerial": {"caves": 2, "abyss": 2},
}
STRUCTURES = {  # [002:125-129]
    "town": {"production": 20, "luxuries": 5, "gold": 10},
    "shrine": {"production": 10, "luxuries": 15, "gold": 10},
    "floor": {"production": 10, "gold": 10, "mana": 25},
}
WEIGHTS: dict[str, Fraction] = {
    "food": Fraction(3, 2),
    "production": Fraction(1),
    "gold": Fraction(1),
    "luxuries": Fraction(1),
    "mana": Fraction(2),
}
GROW = {"food": 6, "luxuries": 6}  # [002:8]
HERO_MANA = MONSTER_MANA = 25  # [002:9-10]
SPELL_MANA = 10  # [002:12]


def farm_yield(land: dict[str, Any]) -> Bundle:
    """What one Farmer Clan harvests from a Land's fauna, entry by entry ([002:30-35])."""
    out: Bundle = {}
    for f in land["fauna"]:
        kind, tier = f["kind"], f["tier"]
        gains: list[tuple[str, Fraction]] = []
        if tier == 4:
            gains.append(("mana", Fraction(1)))
        if tier >= 3 and kind in ("fungal", "plant"):
            gains.append(("production", Fraction(1, 2)))
        if tier >= 3 and kind in ("animal", "fire"):
            gains.append(("luxuries", Fraction(1, 2)))
        if tier >= 3 and kind in ("sky", "crystal"):
            gains.append(("gold", Fraction(1, 2)))
        if kind == "undead":
            gains.append(("mana", Fraction(1)))
        elif tier <= 2:
            gains.append(("food", Fraction(1, 2)))
        for name, amount in gains:
            out[name] = out.get(name, Fraction(0)) + amount
    return out


def role_yield(land: dict[str, Any], role: str) -> Bundle:
    if role == "farmer":
        return farm_yield(land)
    if role == "miner":
        return {k: Fraction(v) for k, v in ELEMENTS[land["element"]].items()}
    return {k: Fraction(v) for k, v in PRODUCES.get(role, {}).items()}


def income(land: dict[str, Any], clans: dict[str, int]) -> dict[str, int]:
    """The harvest after rounding down [002:36], less the clans' upkeep."""
    exact: Bundle = {}
    for role, n in clans.items():
        for name, amount in role_yield(land, role).items():
            exact[name] = exact.get(name, Fraction(0)) + amount * n
    net = {name: floor(exact.get(name, Fraction(0))) for name in RES}
    for role, n in clans.items():
        for name, cost in UPKEEP[role].items():
            net[name] -= cost * n
    return net


def score(
    net: dict[str, int], stock: dict[str, int], extra: dict[str, int], wanted: frozenset[str] = frozenset()
) -> Fraction:
    """How good a turn's net income is: the value of what comes in (more for the resources the next goal
    lacks), and a heavy penalty for running dry within four turns (a shortfall starves clans [002:18])."""
    total = Fraction(0)
    for name in RES:
        weight = WEIGHTS[name] + (Fraction(1, 2) if name in wanted else 0)
        total += weight * net[name]
        runway = stock.get(name, 0) + 4 * (net[name] - extra.get(name, 0))
        if runway < 0:
            total += 4 * runway
    return total


def best_roles(
    land: dict[str, Any],
    count: int,
    stock: dict[str, int],
    extra: dict[str, int],
    war: int = 0,
    mages: int = 0,
    current: dict[str, int] | None = None,
) -> tuple[dict[str, int], Fraction]:
    """The clan roles that score best on this Land, with `war` War and `mages` Mage clans kept; the current
    roles win a near tie, so the tribe does not flip its tasks every turn."""
    roles = ("farmer", "miner", "crafter", "trader")
    free = max(0, count - war - mages)
    wanted = frozenset(k for k, v in GROW.items() if stock.get(k, 0) < v + count)
    best: tuple[dict[str, int], Fraction] | None = None
    for cut in itertools.combinations_with_replacement(roles, free):
        clans = {r: cut.count(r) for r in roles if cut.count(r)}
        if war:
            clans["war"] = war
        if mages:
            clans["mage"] = mages
        value = score(income(land, clans), stock, extra, wanted) + (1 if clans == current else 0)
        if best is None or value > best[1]:
            best = (clans, value)
    assert best is not None
    return best


def adaptation(nature: str, habitat: str) -> int:
    return ADAPTATION.get(nature, {}).get(habitat, 0)


def war_score(tribe: dict[str, Any], heroes: list[dict[str, Any]]) -> int:
    """[002:54] [002:90] War clans, +1 for a Warrior hero, +10% per Warrior ability of the best hero."""
    own = [h for h in heroes if h["tribe"] == tribe["id"]]
    base: int = tribe["clans"].get("war", 0) + (1 if any("warrior" in h["abilities"] for h in own) else 0)
    best: int = max((h["abilities"].count("warrior") for h in own), default=0)
    return floor(base * (1 + Fraction(best, 10)))


def resolve_schema(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return dict(schema.get("$defs", {}).get(ref.removeprefix("#/$defs/"), schema))
    return schema


def fits(command: dict[str, Any], schema: dict[str, Any]) -> bool:
    """The command names every required field of its schema and no field the schema lacks."""
    body = resolve_schema(schema)
    props = body.get("properties")
    if not isinstance(props, dict):
        return True
    return set(body.get("required", ())) <= set(command) and set(command) <= set(props)


@dataclass
class Plan:
    """The orders of a turn: (purpose, command). The purpose names the Idempotency-Key."""

    orders: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def add(self, purpose: str, command: dict[str, Any]) -> None:
        self.orders.append((purpose, command))


class Planner:
    """Decides a god's orders from its view of the state (a pure function of the view)."""

    def __init__(self, view: dict[str, Any], god_id: str) -> None:
        self.view = view
        self.lands = {land["id"]: land for land in view["lands"]}
        self.god = next(g for g in view["gods"] if g["id"] == god_id)
        self.tribe = next(t for t in view["tribes"] if t["id"] == self.god["tribe"])
        self.stock: dict[str, int] = dict(self.tribe.get("stockpile") or {})
        self.heroes = [h for h in view["heroes"] if h["tribe"] == self.tribe["id"]]
        self.monsters = [m for m in view["monsters"] if m["god"] == god_id]
        self.mana = (self.god.get("mana") or 0) + self.stock.get("mana", 0)
        self.queued = [q["order"] for q in self.god.get("orders") or []]
        self.actions = 3 - sum(1 for q in self.queued if q["type"] in ACTION_TYPES)

    # --- helpers ---------------------------------------------------------------------------------------

    def reachable(self, origin: str) -> list[str]:
        """[002:6] Lands of the same Continent, or connected to this one."""
        here = self.lands[origin]
        return sorted(
            lid
            for lid, land in self.lands.items()
            if lid != origin and (land["continent"] == here["continent"] or lid in here["connections"])
        )

    def occupant(self, land: str) -> dict[str, Any] | None:
        return next((t for t in self.view["tribes"] if t["land"] == land), None)

    def upkeep_extra(self) -> dict[str, int]:
        """Upkeep beyond the clans': heroes' luxuries [002:85] and adaptation mana [002:48-50]."""
        slots = adaptation(self.view["nature"], self.lands[self.tribe["land"]]["habitat"])
        clans = sum(self.tribe["clans"].values())
        return {"luxuries": sum(h["level"] for h in self.heroes), "mana": slots * clans}

    def land_value(self, land_id: str) -> Fraction:
        clans = sum(self.tribe["clans"].values())
        land = self.lands[land_id]
        extra = self.upkeep_extra()
        extra["mana"] = adaptation(self.view["nature"], land["habitat"]) * clans
        return best_roles(land, clans, self.stock, extra, war=self.tribe["clans"].get("war", 0))[1]

    def has(self, resources: dict[str, int], reserve: int = 0) -> bool:
        return all(self.stock.get(k, 0) >= v + reserve for k, v in resources.items())

    def spend(self, resources: dict[str, int]) -> None:
        for k, v in resources.items():
            self.stock[k] = self.stock.get(k, 0) - v

    # --- the plan --------------------------------------------------------------------------------------

    def plan(self) -> Plan:
        plan = Plan()
        if self.view.get("winner"):
            return plan
        if self.tribe.get("extinct"):  # a GM ruling: only the monsters are left to play
            self.monster_orders(plan)
            return plan
        self.free_orders(plan)
        self.divine_acts(plan)
        built = self.works(plan)
        if not built:
            self.movement(plan)
        self.monster_orders(plan)
        return plan

    def free_orders(self, plan: Plan) -> None:
        tribe, land = self.tribe, self.lands[self.tribe["land"]]
        clans = sum(tribe["clans"].values())
        mages = min(tribe["clans"].get("mage", 0), 1 if self.known_spells() else 0)
        roles, _ = best_roles(
            land, clans, self.stock, self.upkeep_extra(), tribe["clans"].get("war", 0), mages, tribe["clans"]
        )
        if roles != tribe["clans"]:
            plan.add("roles", {"type": "SetClanRoles", "clans": roles})
        continuous = [s for s in self.known_spells() if not instant(s)]
        if continuous and tribe.get("free_slots", 0) > 0:
            cost, chosen = 0, []
            for spell in continuous[: tribe["free_slots"]]:
                if cost + spell_cost(spell) <= self.stock.get("mana", 0):
                    cost += spell_cost(spell)
                    chosen.append(spell["id"])
            if chosen != (tribe.get("cast") or []):
                plan.add("spells", {"type": "SetSpellOrders", "spells": chosen})
        for hero in self.heroes:
            if hero.get("unchosen", 0) > 0:
                plan.add(
                    f"ability-{hero['id']}", {"type": "ChooseHeroAbility", "hero": hero["id"], "ability": "warrior"}
                )
        mine = {s["id"] for s in self.view["structures"] if s["tribe"] == tribe["id"]}
        for raze in self.view["razes"]:
            if raze["structure"] in mine and raze.get("counter_bid") is None and self.mana >= 1:
                bid = min(self.mana, 10)
                self.mana -= bid
                plan.add(f"counter-{raze['id']}", {"type": "CounterRaze", "raze": raze["id"], "bid": bid})
        for travel in self.view["travels"]:
            if travel["target"] == tribe["id"] and travel.get("counter_bid") is None and self.mana >= 1:
                bid = min(self.mana, 10)
                self.mana -= bid
                plan.add(f"resist-{travel['id']}", {"type": "ResistTravel", "travel": travel["id"], "bid": bid})
        for trade in self.view["trades"]:
            if trade["offered_to"] == self.god["id"] and not trade["accepted"]:
                gain, cost = sum(trade["give"].values()), sum(trade["receive"].values())
                fair = gain >= cost and self.has(trade["receive"])
                kind = "AcceptTrade" if fair else "EndTrade"
                plan.add(f"trade-{trade['id']}", {"type": kind, "trade": trade["id"]})

    def known_spells(self) -> list[dict[str, Any]]:
        known = set(self.tribe.get("spells") or [])
        return [s for s in self.view["spells"] if s["id"] in known]

    def divine_acts(self, plan: Plan) -> None:
        """Mana first to a hero, then a monster, then a spell for the tribe's main line of work."""
        if self.actions <= 0:
            return
        if not self.heroes and self.mana >= HERO_MANA and not self.queued_type("BirthHero"):
            ability = "warrior" if self.tribe["clans"].get("war") else "farmer"
            if self.tribe["clans"].get("miner", 0) > self.tribe["clans"].get("farmer", 0):
                ability = "miner"
            self.act(plan, "hero", {"type": "BirthHero", "name": f"Champion of {self.god['name']}", "ability": ability})
            self.mana -= HERO_MANA
        spheres = [s for s in self.god["spheres"] if not any(m["sphere"] == s for m in self.monsters)]
        if spheres and self.actions > 0 and self.mana >= MONSTER_MANA and not self.queued_type("SpawnMonster"):
            monster = {
                "type": "SpawnMonster",
                "sphere": spheres[0],
                "name": f"Beast of {spheres[0]}",
                "abilities": ["scavenger", "might"],
            }
            self.act(plan, f"monster-{spheres[0]}", monster)
            self.mana -= MONSTER_MANA
        slots = self.tribe.get("free_slots") or 0
        if slots > 0 and not self.known_spells() and self.actions > 0 and self.mana >= SPELL_MANA + 4:
            line = (
                "mining" if self.tribe["clans"].get("miner", 0) >= self.tribe["clans"].get("farmer", 0) else "farming"
            )
            spell = {"type": "TeachSpell", "name": f"Blessing of {line}", "effects": [{"effect": line, "level": 1}]}
            self.act(plan, f"spell-{line}", spell)
            self.mana -= SPELL_MANA

    def queued_type(self, kind: str) -> bool:
        return any(q["type"] == kind for q in self.queued)

    def act(self, plan: Plan, purpose: str, command: dict[str, Any]) -> None:
        plan.add(purpose, command)
        self.actions -= 1

    def works(self, plan: Plan) -> bool:
        """Build where the tribe has built before (five parts of one kind win [002:125]), then grow."""
        built = False
        here = [
            s for s in self.view["structures"] if s["tribe"] == self.tribe["id"] and s["land"] == self.tribe["land"]
        ]
        kinds = [here[0]["kind"]] if here else sorted(STRUCTURES, key=lambda k: -self.slack(STRUCTURES[k]))
        for kind in kinds:
            cost = STRUCTURES[kind]
            if self.actions > 0 and self.has(cost) and self.slack(cost) >= 3:
                self.act(plan, f"build-{kind}", {"type": "BuildStructure", "kind": kind})
                self.spend(cost)
                built = True
                break
        clans = sum(self.tribe["clans"].values())
        if self.actions > 0 and self.has(GROW, reserve=clans // 2 + 1):
            land = self.lands[self.tribe["land"]]
            now, _ = best_roles(land, clans, self.stock, self.upkeep_extra(), self.tribe["clans"].get("war", 0))
            grown, _ = best_roles(land, clans + 1, self.stock, self.upkeep_extra(), self.tribe["clans"].get("war", 0))
            role = next((r for r in grown if grown[r] > now.get(r, 0)), "farmer")
            self.act(plan, "grow", {"type": "GrowTribe", "role": role})
            self.spend(GROW)
        return built or bool(here)

    def slack(self, cost: dict[str, int]) -> int:
        return min(self.stock.get(k, 0) - v for k, v in cost.items())

    def contested(self, land: str, mine: int) -> bool:
        """Another tribe at least as strong could walk onto this Land this turn too (moves are simultaneous)."""
        return any(
            t["id"] != self.tribe["id"]
            and land in self.reachable(t["land"])
            and war_score(t, self.view["heroes"]) >= mine
            for t in self.view["tribes"]
        )

    def movement(self, plan: Plan) -> None:
        """Attack a clearly weaker neighbour, else move to a richer free Land the race can live on where no
        tribe as strong could arrive at the same time."""
        if self.actions <= 0 or self.queued_type("MoveTribe"):
            return
        mine = war_score(self.tribe, self.view["heroes"])
        slots = self.tribe.get("spell_slots") or 0
        best, best_value = None, self.land_value(self.tribe["land"]) + 2
        for lid in self.reachable(self.tribe["land"]):
            if adaptation(self.view["nature"], self.lands[lid]["habitat"]) > slots:
                continue
            other = self.occupant(lid)
            if other is not None:
                theirs = war_score(other, self.view["heroes"])
                if mine >= theirs + 4:
                    self.act(plan, f"attack-{lid}", {"type": "MoveTribe", "to_land": lid, "loot": ["food", "luxuries"]})
                    return
                continue
            value = self.land_value(lid)
            if value > best_value and not self.contested(lid, mine):
                best, best_value = lid, value
        if best is not None:
            self.act(plan, f"move-{best}", {"type": "MoveTribe", "to_land": best})

    def monster_orders(self, plan: Plan) -> None:
        for m in self.monsters:
            hoard = m.get("hoard") or {}
            if m.get("unchosen"):
                plan.add(f"{m['id']}-ability", {"type": "ChooseMonsterAbility", "monster": m["id"], "ability": "might"})
            if hoard.get("food", 0) >= 10 + 2 * m["level"] and hoard.get("production", 0) >= 5:
                # [002:101] gorge: 10 Food and 5 Production for a level of Might [002:112].
                plan.add(f"{m['id']}-feed", {"type": "FeedMonster", "monster": m["id"], "ability": "might"})
            target = self.raid_target(m)
            if target is not None:
                plan.add(
                    f"{m['id']}-raid",
                    {"type": "MonsterAction", "monster": m["id"], "action": "raid", "target": target, "loot": ["food"]},
                )
                continue
            if m["hp"] < m["max_hp"] and hoard.get("food", 0) >= 5 + m["level"]:
                plan.add(f"{m['id']}-rest", {"type": "MonsterAction", "monster": m["id"], "action": "rest"})
                continue
            land = m["land"]
            own_here = self.tribe["land"] == land
            options = [lid for lid in [land, *self.reachable(land)] if lid != self.tribe["land"]]
            if options:
                dest = max(options, key=lambda lid: (self.scavenge_value(lid), lid == land))
                if dest != land:
                    plan.add(f"{m['id']}-move", {"type": "MoveMonster", "monster": m["id"], "to_land": dest})
                plan.add(f"{m['id']}-scavenge", {"type": "MonsterAction", "monster": m["id"], "action": "scavenge"})
            elif own_here:
                plan.add(f"{m['id']}-rest", {"type": "MonsterAction", "monster": m["id"], "action": "rest"})
            spare = {k: v for k, v in hoard.items() if k in ("production", "gold", "luxuries") and v >= 10}
            if spare and (land == self.tribe["land"] or self.tribe["land"] in self.reachable(land)):
                plan.add(f"{m['id']}-trade", {"type": "MonsterTrade", "monster": m["id"], "give": spare})

    def scavenge_value(self, land_id: str) -> Fraction:
        """[002:105] a scavenger harvests as one Miner and one Farmer; food matters most (it must eat)."""
        land = self.lands[land_id]
        gain = role_yield(land, "farmer")
        for k, v in role_yield(land, "miner").items():
            gain[k] = gain.get(k, Fraction(0)) + v
        return sum((WEIGHTS[k] * v * (3 if k == "food" else 1) for k, v in gain.items()), Fraction(0))

    def raid_target(self, m: dict[str, Any]) -> str | None:
        """[002:106] raid a rival tribe on the same or a neighbouring Land when clearly stronger."""
        might = m["level"]  # Might starts at 1 [002:103]; each Might level adds 1 [002:112]
        near = {m["land"], *self.reachable(m["land"])}
        for other in self.view["tribes"]:
            if other["god"] != self.god["id"] and other["land"] in near:
                if might >= war_score(other, self.view["heroes"]) + 4 and m["hp"] >= 3:
                    return str(other["id"])
        return None


ACTION_TYPES = frozenset(
    {
        "MoveTribe",
        "GrowTribe",
        "BuildStructure",
        "BirthHero",
        "SpawnMonster",
        "TeachSpell",
        "CreateArtefact",
        "RazeStructure",
    }
)
INSTANT = frozenset({"destruction", "healing", "travel", "sacrifice"})


def instant(spell: dict[str, Any]) -> bool:
    return any(e["effect"] in INSTANT or e.get("reverse") for e in spell["effects"])


def spell_cost(spell: dict[str, Any]) -> int:
    """[002:62] level squared times the base cost, added over effects; Antimagic is linear [002:73]."""
    base = {"fertility": 5, "farming": 4, "mining": 4, "crafting": 3, "transmutation": 3}
    total = 0
    for e in spell["effects"]:
        level = e.get("level", 1)
        total += level if e["effect"] == "antimagic" else level * level * base.get(e["effect"], 0)
    return total
