"""traveller's combat reference cards: the seed's turn sequence, actions, reactions, range bands,
criticals and traits, as tables (the kit prints them with the catalog's). Each line names the
ruling that fixes what the seed leaves open (catalogs/traveller/RULINGS.md)."""

from __future__ import annotations

from shipyard.api import Table
from shipyard.systems.traveller.models import TravellerCatalog

SEQUENCE = [
    ["0", "Find the enemy", "both scan, Sensors 8+; a side that alone finds the other has a "
     "free round (an attack step, no reactions against it); both failing, both scan again, "
     "ten tries (TRV-R17)"],
    ["1", "Initiative", "2D + Pilot skill + Captain's Tactics Effect (8+, good or bad) + Thrust, "
     "+ last turn's Inspire Effect, −2 per reaction bought; ties: more thrust, then A (TRV-R21)"],
    ["2", "Manoeuvre step", "reverse initiative order: overcharge, manoeuvre, then the range; "
     "then boarding (Adjacent) and line up shot (TRV-R18, TRV-R20, TRV-R22)"],
    ["3", "Attack step", "initiative order, one action a position: captain, sensors, engineer, "
     "gunners; a destroyed ship acts no more"],
    ["4", "Missile hits", "salvos whose flight is over, in initiative order (TRV-R19)"],
    ["5", "Back to 1", "bought reactions become next turn's −2 each; no winner when neither "
     "ship can harm the other any more (TRV-R30)"],
]

ACTIONS = [
    ["Overcharge", "engineer", "Engineer", "EDU", "8+", "Effect as thrust (0..double); −4: one "
     "M-drive hit, −6 or worse: two"],
    ["Manoeuvre", "pilot", "Pilot", "DEX", "6+", "apply thrust toward or away; on a failure "
     "none, kept for later (TRV-R20)"],
    ["Boarding", "pilot", "Pilot, opposed", "DEX", "beat them", "Adjacent, 1 thrust; a win ends "
     "the duel (TRV-R22)"],
    ["Line up shot", "pilot", "Pilot", "INT/DEX", "8+", "1 thrust; Effect chained to one "
     "gunner (TRV-R23)"],
    ["Aim", "gunner", "—", "—", "—", "+2 to the next attack, up to +6 (TRV-R23)"],
    ["Jam sensors", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "+sensor and "
     "countermeasures DM; their scans and solutions −Effect next turn (TRV-R29)"],
    ["Targeting solution", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "Effect "
     "chained to one gunner this turn (TRV-R23)"],
    ["Scan", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "finds the enemy; its "
     "stealth is a DM against (TRV-R29)"],
    ["Repair", "engineer", "Engineer/Mechanic", "EDU", "8+", "one level off; the default crew "
     "mends what costs most this turn (TRV-R24, TRV-R25)"],
    ["Jam comms / communicate", "comms", "Electronics (comms)", "EDU", "8+", "no effect in a "
     "duel (TRV-R29)"],
    ["Inspire", "captain", "Leadership", "SOC", "8+", "Effect chained into next initiative"],
    ["Direct fire", "gunner; pilot: one fixed mount", "Gunnery", "INT/DEX", "8+", "range, "
     "weapon DMs; damage + Effect − armour, × mount (TRV-R16, TRV-R19)"],
    ["Launch salvo", "one gunner (or the pilot)", "Gunnery", "INT/DEX", "2+", "every missile "
     "mount at once, one position's action; a failed launch spends it (TRV-R16, TRV-R31)"],
]

REACTIONS = [
    ["Dodge", "Pilot", "10+", "1 thrust", "−Effect to the attack (the seed, not the book)"],
    ["Point defence", "Gunnery", "8+", "—", "only a weapon with the Point Defence trait (a "
     "battery: DM +1 a die, never an attack too); Effect missiles destroyed (TRV-R28, TRV-R33)"],
    ["ECM", "Electronics (sensors)", "10+", "once a salvo", "+sensor and suite DM; Effect "
     "missiles removed"],
    ["Sand", "Gunnery", "8+", "a canister", "−1D damage of a laser, before armour and the "
     "mount's ×3/×10 (TRV-R27, TRV-R32)"],
    ["Screens", "Gunnery (screens)", "6+", "—", "not simulated (TRV-R29)"],
    ["How many", "initiative", "0–4: 1, 5–8: 2, 9–12: 3, 13+: 4", "", "below 0: 1 (TRV-R21)"],
    ["Burning", "initiative", "", "−2 next turn each", "extra reactions, at most burn_max "
     "(TRV-R25)"],
]

TRAITS = [
    ["AP n", "armour counts n less (AP ∞: none)"],
    ["Radiation", "a damaging hit is a Crew critical of severity 1 unless shielded (TRV-R27)"],
    ["Ion", "no Hull damage: the damage's severity goes to the power plant (TRV-R27)"],
    ["Smart", "the seed's missile TL DM (+1..+6) is the trait: not added twice (TRV-R27)"],
    ["DD", "destructive dice: each d6 ×10 (TRV-R26)"],
    ["Point Defence", "the only weapons that may react against missiles (TRV-R28)"],
]


def combat_tables(catalog: TravellerCatalog) -> list[Table]:
    combat = catalog.combat
    bands = Table("Range bands (TRV-R18)", ["band", "up to", "thrust to cross in/out",
                                              "attack DM", "missile flight"],
                  [[b.name, b.up_to, str(b.thrust), f"{b.dm:+d}",
                    f"{b.flight} rounds" if b.flight else "no launch"] for b in combat.bands],
                  note="a 1-round flight lands in the launching turn's missile step (TRV-R34). "
                       + combat.source)
    crits = Table("Critical hits (TRV-R24)", ["2D", "location", "in a duel (house)"],
                  [[loc.roll, loc.name, loc.duel or "—"] for loc in catalog.critical_locations
                   if loc.roll.isdigit()],
                  note="Effect 6+ with damage: one critical, severity = damage ÷ 10 rounded "
                       "up, at most 6; each tenth of the starting Hull lost: one of severity "
                       "1 (tenths crossed by a critical's own damage count at once); a "
                       "location hit again rises to the severity or by one (TRV-R24).")
    return [
        Table("Turn sequence (seed 002)", ["", "step", "what"], SEQUENCE),
        Table("Actions", ["action", "position", "skill", "characteristic", "target", "effect"],
              ACTIONS, note="each position one action a step; DMs are skill + characteristic "
                            "(TRV-R25)"),
        Table("Reactions", ["reaction", "skill", "target", "costs", "effect"], REACTIONS),
        bands, crits,
        Table("Traits", ["trait", "in a duel"], TRAITS),
    ]
