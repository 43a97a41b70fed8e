"""The command and event unions of `kingdoms` (orders, standing choices, GM rulings; events by area)."""

from __future__ import annotations

from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.orders import Order

Command = Order | c.Command
GM_COMMANDS = c.GM_COMMANDS

Event = (
    e.OrderGiven | e.OrderCancelled | e.EncounterPlanSet | e.CommandAssigned | e.TreatyOffered | e.TreatyBroken
    | e.TreatyMade | e.TreasuryAdjusted | e.UnitsRaised | e.ExploredSet | e.RandomEventRuled | e.AbilitySet
    | e.MeritAdjusted | e.ItemGiven | e.OfficesAwarded | e.CharacterMoved | e.OrderFailed | e.ArmyTaken
    | e.RecruitRequested | e.SpellCast | e.EncounterResolved | e.ProvinceExplored | e.ContingentsJoined
    | e.BattleFought | e.BattleReported | e.SpyNoticed | e.SpyReported | e.PursuitResolved | e.MonsterNegotiated
    | e.ExperienceGained | e.UnitsConverted | e.TrollsRegenerated | e.TurnReported | e.TurnProcessed | e.ForcePlaced
)  # fmt: skip
