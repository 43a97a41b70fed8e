"""A bot for The Gods II, Heaven: it plays one character's seat over the public HTTP API.

    python examples/bots/gods2_heaven.py --api http://127.0.0.1:8000 --token pnt_... --game GAME_ID \\
        --move feasts --transfer hera:4 --challenge hera --gestures rock,paper --on-zero surrender --vote yes

It reads only what its seat may read (`GET /v1/games/{id}` for the character it controls, `/state`,
`/commands/available`, `/events`), decides one command at a time and prints what it does. Two kinds of work:

- a plan, done in order, each step once: move to a locale, transfer mana, challenge to a duel, sneak attack,
  summon the Great Council, propose a motion once the leader's three minutes are over;
- answers, whenever the game asks: name the time of a duel it is challenged to, choose a sealed power and then a
  sealed gesture in every combat round, surrender (or refuse and die) at 0 hit points, impose the chosen term on
  a surrendering opponent, and vote on every motion of a Council it sits in (`--hear-first`: as defender, ask the
  attacker to announce his power first each round).

Safe retries: every command carries `If-Match` (the version it was decided on) and an `Idempotency-Key` derived
from (game, character, turn, purpose, that version). The purpose names the decision's subject
(`combat-2-r3-gesture-rock`, `vote-motion-5`, `plan2-transfer-hera-4`). A timeout or a dropped connection
resends the very same request, which the server answers from its record without appending twice. A 409
`command.version_conflict` appended nothing, so the bot re-reads the state and decides afresh (a new version,
hence a new key).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx

try:
    from examples.bots.wire import bearer, read, send_command
except ImportError:  # run as a script: python examples/bots/<bot>.py
    from wire import bearer, read, send_command  # type: ignore[no-redef]

GESTURES = ("rock", "paper", "scissors", "trick", "block", "null")
TERMS = ("item", "mana", "earthly_influence", "will", "labor")
RETRIES = 5


@dataclass(frozen=True)
class Step:
    """One step of the plan: `kind` is move, transfer, challenge, sneak, summon or propose."""

    kind: str
    args: tuple[str, ...] = ()

    def label(self) -> str:
        return "-".join((self.kind, *self.args))


@dataclass(frozen=True)
class Policy:
    """How the bot answers: gestures cycled by round (a trick or block it has none of becomes rock); combat
    powers tried in order, each once per combat; what to do at 0 hit points; the term to impose."""

    gestures: tuple[str, ...] = ("rock", "paper", "scissors")
    combat_powers: tuple[str, ...] = ()
    on_zero: str = "surrender"  # or "die"
    term: str = "mana"
    term_detail: str | None = None  # the artifact (item), the race (earthly_influence) or the oath (will)
    vote: str = "yes"  # "yes", "no" or "abstain"
    duel_minutes: int = 10
    hear_first: bool = False  # as defender, ask the attacker to announce his power first each round [003:346]


@dataclass(frozen=True)
class Action:
    purpose: str
    body: dict[str, Any]


@dataclass
class Seen:
    """What the bot has read: its character, the view, the version it is decided on, the turn."""

    me: dict[str, Any]
    view: dict[str, Any]
    version: int
    turn: int
    available: frozenset[str]


# --- deciding: pure functions of what the seat sees ----------------------------------------------------------


def answer(seen: Seen, policy: Policy, refused: set[str]) -> Action | None:
    """What the game asks of this character now, if anything (combat first, then duels, then the Council)."""
    me, view = seen.me, seen.view
    combat = next((c for c in view["combats"] if me["combat"] == c["id"]), None)
    if combat is not None:
        return _fight(combat, me, policy, refused)
    for duel in view["duels"]:
        if duel["challenged"] == me["id"] and duel["at"] is None:
            return Action(
                f"duel-{duel['id']}-time",
                {"type": "NameDuelTime", "duel_id": duel["id"], "minutes": policy.duel_minutes},
            )
    council = view["council"]
    if council is not None and me["kind"] == "greater_god" and policy.vote != "abstain" and "Vote" in seen.available:
        speaking = me["id"] != council["leader"] and datetime.fromisoformat(council["speech_until"]) > datetime.now(UTC)
        if me["locale"] == council["hall"] and me["id"] not in council["forfeited"] and not speaking:
            for motion in council["motions"]:
                if me["id"] not in motion["yes"] + motion["no"]:
                    body = {"type": "Vote", "motion_id": motion["id"], "yes": policy.vote == "yes"}
                    return Action(f"vote-{motion['id']}", body)
    return None


def _fight(combat: dict[str, Any], me: dict[str, Any], policy: Policy, refused: set[str]) -> Action | None:
    mine, theirs = (
        (combat["attacker"], combat["defender"])
        if combat["attacker"]["id"] == me["id"]
        else (combat["defender"], combat["attacker"])
    )
    where = f"{combat['id']}-r{combat['round']}"
    if me["id"] in combat["fallen"]:
        if policy.on_zero == "die":
            return Action(f"{combat['id']}-die", {"type": "RefuseToSurrender"})
        if not combat["surrender_offered"]:
            return Action(f"{combat['id']}-surrender", {"type": "OfferSurrender"})
        return None
    if theirs["id"] in combat["fallen"]:
        return _impose(combat, policy) if combat["surrender_offered"] else None
    if combat["step"] == "power" and not mine["power_chosen"]:
        defending = mine is combat["defender"] and not mine["demesne"]
        if defending and policy.hear_first and not combat["announce_first"] and not theirs["power_chosen"]:
            return Action(f"{where}-hear-first", {"type": "RequestAnnouncement"})
        if combat["announce_first"] and defending and not theirs["power_chosen"]:
            return None  # we asked to hear the attacker's power first [003:346]
        power = next(
            (
                p
                for p in policy.combat_powers
                if p not in mine["used_powers"]
                and f"{combat['id']}-power-{p}" not in refused
                and p in (me.get("powers") or [])
            ),
            None,
        )
        return Action(f"{where}-power-{power or 'none'}", {"type": "ChooseCombatPower", "power": power})
    if combat["step"] == "gesture" and not mine["gesture_chosen"]:
        gesture = policy.gestures[(combat["round"] - 1) % len(policy.gestures)]
        stock = {"trick": mine.get("tricks") or 0, "block": mine.get("blocks") or 0}
        if stock.get(gesture, 1) == 0 or f"{where}-gesture-{gesture}" in refused:
            gesture = next(g for g in ("rock", "paper", "scissors", "null") if f"{where}-gesture-{g}" not in refused)
        return Action(f"{where}-gesture-{gesture}", {"type": "ChooseGesture", "gesture": gesture})
    return None


def _impose(combat: dict[str, Any], policy: Policy) -> Action:
    body: dict[str, Any] = {"type": "AcceptSurrender", "term": policy.term}
    detail = {"item": "artifact", "earthly_influence": "race", "will": "oath"}.get(policy.term)
    if detail is not None and policy.term_detail is not None:
        body[detail] = policy.term_detail
    return Action(f"{combat['id']}-accept-{policy.term}", body)


def planned(step: Step, index: int, seen: Seen) -> Action | None:
    """The command for a plan step, or None while its moment has not come (the plan waits)."""
    me, view = seen.me, seen.view
    purpose = f"plan{index}-{step.label()}"
    here = {c["id"] for c in view["characters"] if c["locale"] == me["locale"] and c["id"] != me["id"]}
    match step.kind:
        case "move":
            return Action(purpose, {"type": "MoveToLocale", "locale": step.args[0]})
        case "transfer":
            return Action(purpose, {"type": "TransferMana", "to": step.args[0], "amount": int(step.args[1])})
        case "challenge" if step.args[0] in here:
            return Action(purpose, {"type": "ChallengeDuel", "target": step.args[0]})
        case "sneak" if step.args[0] in here:
            return Action(purpose, {"type": "SneakAttack", "target": step.args[0]})
        case "summon":
            return Action(purpose, {"type": "SummonGreatCouncil", "minutes": int(step.args[0])})
        case "propose":
            council = view["council"]
            if council is None or me["locale"] != council["hall"]:
                return None
            if me["id"] != council["leader"] and datetime.fromisoformat(council["speech_until"]) > datetime.now(UTC):
                return None  # no one interrupts the leader's three minutes [003:482]
            return Action(purpose, {"type": "ProposeMotion", "kind": "pass_law", "text": step.args[0]})
    return None


# --- acting: HTTP with safe retries -------------------------------------------------------------------------


def idempotency_key(game: str, character: str, turn: int, purpose: str, version: int) -> str:
    """Visible ASCII, at most 200 characters (the server's rule): free text in a purpose is replaced by a digest."""
    readable = re.sub(r"[^A-Za-z0-9._-]", "_", purpose)[:60]
    digest = hashlib.sha256(purpose.encode()).hexdigest()[:12]
    return f"{game}:{character}:t{turn}:{readable}:{digest}@v{version}"


@dataclass
class HeavenBot:
    client: httpx.AsyncClient
    token: str
    game_id: str
    policy: Policy = field(default_factory=Policy)
    plan: list[Step] = field(default_factory=list)
    say: Callable[[str], None] = print
    character: str | None = None
    done: int = 0  # plan steps finished
    refused: set[str] = field(default_factory=set)
    after: int = 0  # the last event version read

    @property
    def headers(self) -> dict[str, str]:
        return bearer(self.token)

    async def _get(self, path: str, **params: Any) -> Any:
        return await read(self.client, self.game_id, self.token, path, self.say, **params)

    async def look(self) -> Seen:
        if self.character is None:
            self.character = (await self._get(""))["you"]["controls"]
        state = await self._get("/state")
        available = await self._get("/commands/available")
        me = next(c for c in state["view"]["characters"] if c["id"] == self.character)
        names = frozenset(c["type"] for c in available["commands"])
        return Seen(me=me, view=state["view"], version=state["version"], turn=state["game"]["turn"], available=names)

    async def news(self) -> list[dict[str, Any]]:
        """Events this seat may see since the last call (sealed choices arrive with their contents hidden)."""
        page = await self._get("/events", after=self.after, limit=1000)
        self.after = page["next_after"]
        for event in page["events"]:
            self.say(f"[{self.character}] saw v{event['version']} {event['type']}")
        return list(page["events"])

    async def send(self, action: Action, seen: Seen) -> httpx.Response | None:
        """Send once, resending the identical request after a transport failure; None on a version conflict."""
        key = idempotency_key(self.game_id, self.character or "", seen.turn, action.purpose, seen.version)
        return await send_command(
            self.client,
            self.game_id,
            self.headers,
            action.body,
            key=key,
            version=seen.version,
            label=f"[{self.character}] {action.purpose}",
            say=self.say,
        )

    async def step(self) -> bool:
        """Read, decide and send at most one command. False when there is nothing to do now."""
        for _ in range(RETRIES):
            seen = await self.look()
            action, from_plan = self._choose(seen)
            if action is None:
                return False
            response = await self.send(action, seen)
            if response is None:
                self.say(f"[{self.character}] {action.purpose}: the game moved on; re-reading")
                continue
            self._record(action, from_plan, response)
            return True
        return False

    def _choose(self, seen: Seen) -> tuple[Action | None, bool]:
        if seen.me["life"] != "alive":
            return None, False
        reply = answer(seen, self.policy, self.refused)
        if reply is not None and reply.purpose in self.refused:
            reply = None  # refused once at this purpose: the rules will not change their mind
        if reply is not None or seen.me["combat"] is not None:
            return reply, False
        if self.done < len(self.plan):
            return planned(self.plan[self.done], self.done, seen), True
        return None, False

    def _record(self, action: Action, from_plan: bool, response: httpx.Response) -> None:
        body = response.json()
        if response.status_code == 200:
            types = ", ".join(e["type"] for e in body["events"])
            self.say(f"[{self.character}] {action.body['type']} ({action.purpose}) -> v{body['version']}: {types}")
        else:
            self.say(f"[{self.character}] {action.body['type']} ({action.purpose}) refused: {body.get('code')}")
            self.refused.add(action.purpose)
            if action.body["type"] == "ChooseCombatPower" and action.body["power"]:
                # e.g. not enough mana: leave this power out for the rest of the combat
                self.refused.add(action.purpose.rsplit("-r", 1)[0] + f"-power-{action.body['power']}")
        if from_plan:
            self.done += 1

    async def run(self, poll: float = 1.0, until_idle: bool = False) -> None:
        while True:
            acted = await self.step()
            await self.news()
            if not acted:
                if until_idle:
                    return
                await asyncio.sleep(poll)


# --- command line ---------------------------------------------------------------------------------------------


def parse_plan(args: argparse.Namespace) -> list[Step]:
    steps = [Step("move", (loc,)) for loc in args.move]
    for transfer in args.transfer:
        to, _, amount = transfer.partition(":")
        steps.append(Step("transfer", (to, amount)))
    steps += [Step("challenge", (t,)) for t in args.challenge]
    steps += [Step("sneak", (t,)) for t in args.sneak]
    if args.summon is not None:
        steps.append(Step("summon", (str(args.summon),)))
    steps += [Step("propose", (law,)) for law in args.propose]
    return steps


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Play one character of a Gods II (Heaven) game over the Pantheon HTTP API.",
        epilog="Plan steps run in the order move, transfer, challenge, sneak, summon, propose; answers to duels, "
        "combat rounds, surrenders and Council votes are given whenever the game asks.",
    )
    p.add_argument("--api", required=True, help="server base URL, e.g. http://127.0.0.1:8000")
    p.add_argument("--token", required=True, help="this seat's bearer token (pnt_...)")
    p.add_argument("--game", required=True, help="the game id")
    p.add_argument("--move", action="append", default=[], metavar="LOCALE", help="move to LOCALE (repeatable)")
    p.add_argument("--transfer", action="append", default=[], metavar="TO:AMOUNT", help="give mana (50%% toll)")
    p.add_argument("--challenge", action="append", default=[], metavar="CHARACTER", help="challenge to a duel")
    p.add_argument("--sneak", action="append", default=[], metavar="CHARACTER", help="sneak attack")
    p.add_argument("--summon", type=int, metavar="MINUTES", help="summon the Great Council MINUTES from now")
    p.add_argument("--propose", action="append", default=[], metavar="LAW", help="propose a law at the Council")
    p.add_argument("--gestures", default="rock,paper,scissors", help="gestures cycled by round: " + ",".join(GESTURES))
    p.add_argument("--combat-powers", default="", help="combat powers to use, in order, each once per combat")
    p.add_argument("--on-zero", choices=("surrender", "die"), default="surrender", help="at 0 hit points")
    p.add_argument("--term", choices=TERMS, default="mana", help="the term imposed on a surrendering opponent")
    p.add_argument("--term-detail", help="the artifact (item), race (earthly_influence) or oath (will)")
    p.add_argument("--vote", choices=("yes", "no", "abstain"), default="yes", help="how to vote on motions")
    p.add_argument("--duel-minutes", type=int, default=10, help="the time named when challenged (10 to 30)")
    p.add_argument("--hear-first", action="store_true", help="as defender, hear the attacker's power first")
    p.add_argument("--poll", type=float, default=1.0, help="seconds between looks when idle")
    p.add_argument("--once", action="store_true", help="stop when there is nothing left to do")
    return p


def policy_from(args: argparse.Namespace) -> Policy:
    gestures = tuple(g for g in args.gestures.split(",") if g)
    unknown = [g for g in gestures if g not in GESTURES]
    if unknown or not gestures:
        raise SystemExit(f"unknown gestures: {unknown}; choose from {', '.join(GESTURES)}")
    return Policy(
        gestures=gestures,
        combat_powers=tuple(p for p in args.combat_powers.split(",") if p),
        on_zero=args.on_zero,
        term=args.term,
        term_detail=args.term_detail,
        vote=args.vote,
        duel_minutes=args.duel_minutes,
        hear_first=args.hear_first,
    )


async def amain(argv: Sequence[str]) -> None:
    args = parser().parse_args(argv)
    async with httpx.AsyncClient(base_url=args.api, timeout=10) as client:
        bot = HeavenBot(client, args.token, args.game, policy_from(args), parse_plan(args))
        await bot.run(poll=args.poll, until_idle=args.once)


if __name__ == "__main__":
    try:
        asyncio.run(amain(sys.argv[1:]))
    except KeyboardInterrupt:
        pass
