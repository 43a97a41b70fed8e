"""The rolls of Lords of the Earth, for referees entering physical dice. All are GM-only: the engine proposes an
outcome from them in the adjudication queue, or rolls a new leader's stats, and seats see the ruling or the
leader's open stats, never the dice."""

from __future__ import annotations

from domain.engine import DicePurpose

DICE_PURPOSES = (
    DicePurpose(
        purpose="investment:<nation>:<rating>",
        dice="2d6",
        decides="whether a nation's investment raises one of its ratings (`bl`, `infra`, `oc`, `cav_qr`...) a level "
        "this turn (a proposal the GM adjudicates)",
        faces="the sum S of both dice: the rating rises when pool GP x S / 7 reaches the settings' "
        "investment_gp_per_level x (the next level), plus investment_bl_is_penalty x Imperial Size for `bl`, and "
        "the rating is under its cap; otherwise it holds",
        rule="[L4062-4079] [L1219-1224]",
    ),
    DicePurpose(
        purpose="colony-resistance:<region>",
        dice="1d10",
        decides="the resistance value (RV) of a new colony in an unsettled region (a proposal the GM adjudicates)",
        faces="the face is the RV, 1 to 10",
        rule="[L4565-4566]",
    ),
    DicePurpose(
        purpose="leader-stat:<nation>:<leader>:<stat>",
        dice="2d6",
        decides="one stat of a new leader (`combat`, `diplomacy`, `charisma`, or `hidden`: the King's Leadership or "
        "another leader's Loyalty), for GenerateLeader and for the Lieutenants, Bishops and Allies who replace the "
        "dead, and for royal children made Heir or Prince (`dynasty/`)",
        faces="the stat is the sum of both dice minus 1 (1 to 11, 10 and 11 printed A and B); the hidden stat is "
        "rolled the same way (the rulebook states no distribution for it) and never shown to the seat",
        rule="[L2093-2102] [L2111-2117] [L5233-5249]",
    ),
    DicePurpose(
        purpose="diplomacy:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Diplomacy or Secret Diplomacy attempt on a region or "
        "city, for the GM who rules the new control status (a proposal the GM adjudicates)",
        faces="the sum S of both dice, shown with the attempt's inputs (ratings, AP, RV, terrain, religion, maximum "
        "status); the rulebook prints no result table, so the GM reads S against those inputs",
        rule="[L5721-5771] [L6420-6428]",
    ),
    DicePurpose(
        purpose="revolt:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with an end-of-turn revolt check (a region, city or leader "
        "beyond the Command Control Radius, without a line of communication, or an occupied region holding a "
        "hostile city) or with a cession the new owner may not keep (a proposal the GM adjudicates)",
        faces="the sum S of both dice, shown with the check's inputs (courier AP against the CCR, sea zones, status, "
        "RV, religion, language, troops, Years from Conquest); the rulebook prints no revolt table",
        rule="[L8289-8311] [L8915-8923] [L9357-9380] [L9444-9450]",
    ),
    DicePurpose(
        purpose="assimilation:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a natural-assimilation check of a Pacified or Pacified "
        "Tributary place of the nation's religion (a proposal the GM adjudicates)",
        faces="the sum S of both dice, shown with the language and the Years from Conquest; the rulebook prints "
        "no odds",
        rule="[L9324-9343]",
    ),
    DicePurpose(
        purpose="pillage-revolt:<region>",
        dice="2d6",
        decides="nothing by itself: the roll recorded when a region is Looted or Scorched, for the GM who rules "
        "whether it rebels (a proposal, 'calm', the GM adjudicates)",
        faces="the sum S of both dice, shown with the region's RV; the rulebook only says the action 'may provoke a "
        "regional rebellion', so the GM reads S against the RV",
        rule="[L6008-6010] [L6416-6418]",
    ),
    DicePurpose(
        purpose="raid:<nation>:<region>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Raid, for the GM who rules the gold taken or a botched "
        "raid (a proposal, 2 x GPv, the GM adjudicates)",
        faces="the sum S of both dice; the rulebook gives no table ('a variable number of GP based on the value of "
        "the region'; 'a chance a Raid may be botched')",
        rule="[L6279-6285]",
    ),
    DicePurpose(
        purpose="battle:<battle id>:<side>",
        dice="2d6",
        decides="with <side> `attacker` or `defender`, the automatic resolver's result of a battle, siege or "
        "assault (a proposal the GM confirms with "
        "ConfirmAdjudication or ResolveBattle use_proposal, or the result itself when the campaign's "
        "battle_resolution is auto)",
        faces="each side scores strength x (its 2d6 + combat leadership); the higher wins, a tie goes to the "
        "defender; a passive siege (when the 2:1 ratio holds) ends in surrender on the besieger's 2d6 of 10 or more "
        "(`military/resolver.py`)",
        rule="[L11562-11720] [L5502-5621] [L6201-6248]",
    ),
    DicePurpose(
        purpose="birth:<nation>:<leader>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Have Children (HC) action, for the GM who rules whether a "
        "child is born (a `birth` item: none, son or daughter)",
        faces="the sum S of both dice, shown with the leader's type, age and Diplomacy and the spouse; the rulebook "
        "prints no chance of a child, so the GM reads S against those inputs",
        rule="[L5921-5943] [L2131-2132]",
    ),
    DicePurpose(
        purpose="intel:<nation>:<line>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with an intel operation (an `intel_op` item), for the GM who "
        "rules its result and who learns of it (SettleIntelOperation)",
        faces="the sum S of both dice, shown with the operation's inputs (Table 7-1 odds, capacity and bonus points, "
        "leaders' Espionage, action range, a missing location, the target's counter-operations); Table 7-1 prints "
        "only always / high / medium / low, so the GM reads S against those inputs",
        rule="[L6641-6761] [L6694-6726]",
    ),
    DicePurpose(
        purpose="old-age:<nation>:<leader>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a `leader_death` item for a leader who reaches the "
        "campaign's old_age_check_from, for the GM who rules whether he dies",
        faces="the sum S of both dice, shown with the leader's age; the rulebook gives no odds ('All of your "
        "leaders will eventually die of old age'), so the GM reads S against the age",
        rule="[L5211-5213]",
    ),
    DicePurpose(
        purpose="wound:<nation>:<leader>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a `wound` item (WoundLeader), for the GM who rules "
        "whether the wounded leader dies of complications",
        faces="the sum S of both dice, shown with the cause and the leader's age; the rulebook gives no odds",
        rule="[L7026-7030] [L7040-7044]",
    ),
    DicePurpose(
        purpose="dynastic-failure:<nation>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with the `dynastic_failure` item a King's death raises, for "
        "the GM who rules whether a Dynastic Failure follows",
        faces="the sum S of both dice, shown with the succession (Heir, Princes and their Charisma, sons under age, "
        "a Primacy's Imperial Size); the rulebook says only 'usually small' or 'quite high'",
        rule="[L8926-8935] [L7312-7316]",
    ),
    DicePurpose(
        purpose="df-leader:<nation>:<leader>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with each leader's revolt check when a Dynastic Failure "
        "begins (a `df_leader` item: loyal, revolts, or a successor state founded)",
        faces="the sum S of both dice, shown with the leader's Loyalty, Charisma, place and troops; the rulebook "
        "prints no table",
        rule="[L8936-8941]",
    ),
    DicePurpose(
        purpose="spy-loyalty:<nation>:<leader>",
        dice="2d6",
        decides="the engine's proposal on the Loyalty check a successful Subvert Leader operation forces (a "
        "`spy_loyalty` item the GM rules): the leader fails it and becomes the operator's Spy",
        faces="the sum S of both dice: the engine proposes 'fails' when S exceeds the leader's hidden Loyalty, "
        "'holds' otherwise",
        rule="[L7233-7240]",
    ),
    DicePurpose(
        purpose="relop:<nation>:<line>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a religious operation (a `religious_op` item), for the "
        "GM who rules its result and who learns of it (SettleReligiousOperation)",
        faces="the sum S of both dice, shown with the operation's inputs (Table 8-5 odds, ROB points, the RS of both "
        "nations, the range); Table 8-5 prints only always / high / medium / low, so the GM reads S against them",
        rule="[L7434-7468]",
    ),
    DicePurpose(
        purpose="conversion:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Religious (Diplomatic) Conversion (a "
        "`religious_conversion` item), for the GM who rules the share of the place converted",
        faces="the sum S of both dice, shown with the leaders' Charisma, the AP, the religions' relation (a hostile "
        "one twice as hard) and the share converted so far; the rulebook prints no table",
        rule="[L5772-5793] [L7378-7386] [L7634-7643]",
    ),
    DicePurpose(
        purpose="nation-conversion:<nation>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a nation's conversion (a `nation_conversion` item), for "
        "the GM who rules the Primate's influence check (converted, coup) or a pagan's contact",
        faces="the sum S of both dice, shown with the RS, the religions' relation and the Primate's influence",
        rule="[L7653-7681]",
    ),
    DicePurpose(
        purpose="religious-revolt:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a religious revolt or defection check (a "
        "`religious_revolt` item: excommunication, interdict, a nation's conversion, pagan adoption)",
        faces="the sum S of both dice, shown with the place's status, RV, religion and troops (or the leader's); "
        "the rulebook prints no revolt table",
        rule="[L7900-7936] [L7653-7681]",
    ),
    DicePurpose(
        purpose="colony-revolt:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a populated colony paid in full (a `colony_revolt` "
        "item): it may revolt against the interlopers, or not",
        faces="the sum S of both dice, shown with the place's RV, GPv, religion and troops; no table is printed",
        rule="[L4598-4630] [L7612-7620]",
    ),
    DicePurpose(
        purpose="minority:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a colonial minority's slow conversion (a "
        "`minority_conversion` item)",
        faces="the sum S of both dice; no rate is printed, the GM rules 'converted' when he sees fit",
        rule="[L7612-7620]",
    ),
    DicePurpose(
        purpose="infiltration:<key>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with an unmaintained infiltration's decay (an `infiltration` "
        "item, key `<owner>><target>:<sector>`), for the GM who rules how many levels it loses and whether the "
        "target is tipped off (RuleInfiltrationDecay)",
        faces="the sum S of both dice, shown with the infiltration's level, when it was last maintained and whether "
        "the target already knows of it; the rulebook says only 'one or more levels', so the GM reads S",
        rule="[L7050-7063] [L6940-6944]",
    ),
    DicePurpose(
        purpose="blockade:<nation>:<place>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Blockade Port (B) step, for the GM who rules it "
        "`effective` or `ineffective` (a `blockade` item; the proposal follows the 75%-of-the-turn rule)",
        faces="the sum S of both dice, shown with the fleet's AP on the blockade against its AP for the turn, its "
        "warships and Combat; the rulebook gives no table for the action's Combat stat, so the GM reads S against "
        "those inputs",
        rule="[L5623-5640]",
    ),
    DicePurpose(
        purpose="piracy:<nation>:<sea zone>",
        dice="2d6",
        decides="nothing by itself: the roll recorded with a Piracy (PR) step, for the GM who rules the pirates' take "
        "and whether the sea zone closes (a `piracy` item settled with RecordPiracy)",
        faces="the sum S of both dice, shown with the AP spent, the warships and the trade through the zone this "
        "turn; the rulebook says only 'a random amount of GP, dependent on the amount of Inter-Nation trade', so the "
        "GM reads S against those inputs",
        rule="[L6250-6268]",
    ),
)
