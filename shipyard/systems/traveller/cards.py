"""traveller's reference cards: a play aid for the table (issue 21), not a catalog dump. The
seed's turn sequence, the actions and reactions, range bands, missiles, critical hits, the
weapons with their DMs and traits. Each line names the ruling that fixes what the seed leaves
open (catalogs/traveller/RULINGS.md); construction tables stay in `shipyard catalog`.

The same tables are the tail of `shipyard catalog traveller` (combat_tables)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from shipyard.api import Card, Design, Entry, Measure, Printable, Table, deal
from shipyard.systems.traveller.construction import Ship
from shipyard.systems.traveller.models import TravellerCatalog, TravellerDesign

ShipDesign = Design[TravellerDesign, TravellerCatalog, Ship]

SEQUENCE = [
    ["0", "Find the enemy", "both scan, Sensors 8+ (the enemy's stealth a DM against); a side "
     "that alone finds the other has a free round (an attack step, no reactions against it); both "
     "failing, both scan again, ten tries; with more ships every ship scans, a side finds when "
     "any ship does, and all its ships act in the free round; one start band for every pair",
     "TRV-R17, TRV-R44, TRV-R45"],
    ["1", "Initiative", "2D + Pilot skill + Captain's Tactics Effect (8+, good or bad) + Thrust, "
     "+ last turn's Inspire Effect, −2 per reaction bought; every ship in one order, ties: more "
     "thrust, then the tied ships roll 2D again among themselves", "TRV-R21, TRV-R36"],
    ["2", "Manoeuvre step", "reverse initiative order: overcharge, manoeuvre, then the range; "
     "then boarding (Adjacent) and line up shot; each ship chooses a target and its thrust moves "
     "that pair's band only", "TRV-R18, TRV-R20, TRV-R22, TRV-R37"],
    ["3", "Attack step", "initiative order, one action a position: captain, sensors, engineer, "
     "gunners, pilot; a destroyed ship acts no more; each gunner chooses its target, and chooses "
     "again when it leaves", "TRV-R16, TRV-R38"],
    ["4", "Missile hits", "salvos whose flight is over, at their targets, in initiative order; a "
     "salvo whose target has left is lost, one whose launcher has left still lands",
     "TRV-R19, TRV-R34, TRV-R40"],
    ["5", "Back to 1", "bought reactions become next turn's −2 each", ""],
]

ACTIONS = [
    ["Overcharge", "engineer", "Engineer", "EDU", "8+", "Effect as thrust (0 to double); −4: one "
     "M-drive hit, −6 or worse: two", "TRV-R25"],
    ["Manoeuvre", "pilot", "Pilot", "DEX", "6+", "apply thrust toward or away; on a failure none, "
     "kept for later", "TRV-R20"],
    ["Boarding", "pilot", "Pilot, opposed", "DEX", "beat them", "Adjacent, 1 thrust; needs "
     "boarders (staterooms, barracks or cabin space) and an airlock; a win captures the target, "
     "the boarders fight on", "TRV-R22, TRV-R46"],
    ["Line up shot", "pilot", "Pilot", "INT/DEX", "8+", "1 thrust; Effect chained to one gunner",
     "TRV-R23"],
    ["Aim", "gunner", "—", "—", "—", "+2 to the next attack, up to +6, at one target; lost when "
     "it changes", "TRV-R23, TRV-R42"],
    ["Jam sensors", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "+sensor and "
     "countermeasures DM; the target's scans and solutions −Effect next turn; two jammers: the "
     "larger", "TRV-R29, TRV-R43"],
    ["Targeting solution", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "Effect chained "
     "to one gunner this turn", "TRV-R23"],
    ["Scan", "sensors", "Electronics (sensors)", "INT/EDU", "8+", "finds the enemy; its stealth "
     "is a DM against", "TRV-R29"],
    ["Repair", "engineer", "Engineer/Mechanic", "EDU", "8+", "one level off", "TRV-R24"],
    ["Jam comms / communicate", "comms", "Electronics (comms)", "EDU", "8+", "the target's "
     "communication −Effect next turn; jam again each turn", ""],
    ["Inspire", "captain", "Leadership", "SOC", "8+", "Effect chained into next initiative", ""],
    ["Direct fire", "gunner; pilot: one fixed mount", "Gunnery", "INT/DEX", "8+", "range and "
     "weapon DMs; damage + Effect − armour, × the mount", "TRV-R16, TRV-R19"],
    ["Launch salvo", "one gunner (or the pilot)", "Gunnery", "INT/DEX", "2+", "every missile "
     "mount at once, one position's action; a failed launch spends it", "TRV-R16, TRV-R31"],
]

REACTIONS = [
    ["Dodge", "Pilot", "10+", "1 thrust", "−Effect to the attack (the turn sequence, not the "
     "book)", ""],
    ["Point defence", "Gunnery", "8+", "—", "only a weapon with the Point Defence trait (a "
     "battery: DM +1 a die, never an attack too); Effect missiles destroyed", "TRV-R28, TRV-R33"],
    ["ECM", "Electronics (sensors)", "10+", "once a salvo", "+sensor and countermeasures DM; "
     "Effect missiles removed; the target's own", "TRV-R41"],
    ["Sand", "Gunnery", "8+", "a canister", "−1D damage of a laser, before armour and the mount's "
     "×3 or ×10", "TRV-R27, TRV-R32"],
    ["Screens", "Gunnery (screens)", "6+", "—", "see the rule book for effects", ""],
    ["How many", "initiative", "0–4: 1, 5–8: 2, 9–12: 3, 13+: 4", "", "below 0: 1; a ship's own, "
     "across every attack at it", "TRV-R21, TRV-R39"],
    ["Burning", "initiative", "", "−2 next turn each", "extra reactions", ""],
]

# shipyard's simulator, not the turn sequence: what its default crew and captain choose, how its
# battles end, and what it leaves out (`cards traveller --simulator`)
SIMULATOR = [
    ["The default crew", "DMs +2 (pilot, gunnery, sensors, engineer), +1 (tactics, leadership); "
     "the captain steers for the band where its expected damage a turn most exceeds the enemy's; "
     "the engineer mends what costs most this turn; reactions against any hit that could hurt, "
     "burning initiative at most two a turn", "TRV-R25"],
    ["Targets", "each ship's captain: the enemy at the shortest band, then the fewest Hull left; "
     "a gunner that cannot reach it fires at the nearest it reaches; a gun whose average hit is "
     "more than the target's Hull left, while a smaller gun can finish it, fires where its hit "
     "does the most; your own commander's with battle --pilot-a", "TRV-R47, TRV-R49, TRV-R51"],
    ["Breaking off", "a captain whose side the enemy would destroy in under half the turns it "
     "needs steers for Distant, and escapes there when no enemy closes", "TRV-R50"],
    ["The end", "a battle is decided only once the salvos at a ship in it have landed; both sides "
     "lost: no winner; no winner when no ship can harm an enemy any more", "TRV-R30, TRV-R40, "
     "TRV-R48"],
    ["Left out", "screens, the repulsor, comms, escape by jump, fuel, signal processing, Evade "
     "and Fire Control software", "TRV-R29"],
]

MISSILES = [
    ["Launch", "Gunnery 2+, every missile mount of the ship at once; not at Adjacent or Close; a "
     "failed launch spends the salvo", "TRV-R31"],
    ["Flight", "the band's rounds at launch, whatever the range does next; 1 round lands in the "
     "launching turn's missile step", "TRV-R19, TRV-R34"],
    ["Defence", "the target's ECM first (10+, once a salvo), then its point-defence batteries "
     "(8+), each the Effect in missiles off", "TRV-R28"],
    ["To hit", "2D + 1 per missile beyond the first + the TL DM (firer's TL − target's, +1 to +6; "
     "the Smart trait) vs 8+; a dodge takes its Effect off", ""],
    ["Damage", "one missile's dice × the Effect (at least 1), less armour once", "TRV-R19"],
]

TRAITS = [
    ["AP n", "armour counts n less (AP ∞: none)", ""],
    ["Radiation", "a damaging hit is a Crew critical of severity 1 unless shielded", "TRV-R27"],
    ["Ion", "no Hull damage: the damage's severity goes to the power plant", "TRV-R27"],
    ["Smart", "the turn sequence's missile TL DM (+1..+6) is the trait: not added twice",
     "TRV-R27"],
    ["DD", "destructive dice: each d6 ×10", "TRV-R26"],
    ["Point Defence", "the only weapons that may react against missiles", "TRV-R28"],
]

RULINGS = "rulings"  # the column of a row's ruling codes: the card's rulings line, not its text
# rulings a whole table states (its note, or every row), on each of its cards
TABLE_RULINGS = {
    "Actions": ("TRV-R16", "TRV-R25"),
    "Range bands": ("TRV-R18",),
    "Critical hits": ("TRV-R24",),
    "Weapons and their DMs": ("TRV-R19", "TRV-R35"),
}

# The measure of a card's entry at 7.2 pt (traveller/cards.css): the kit's 6.6 pt measure
# (core/cards.py) scaled down, and kept on the safe side; checked by rendering in the tests.
MEASURE = Measure(chars_per_line=52, lines_per_card=21.5, lines_per_note=1.0)


def dm(value: int) -> str:
    """A DM as the book prints it, with a true minus sign."""
    return f"+{value}" if value >= 0 else f"−{-value}"


def combat_tables(catalog: TravellerCatalog, carried: Collection[str] | None = None
                  ) -> list[Table]:
    """The play-aid tables, in names a player reads: the cards and `catalog`'s tail; given the
    ids of the weapons some ships carry, only those weapons (none carried: no weapons table)."""
    combat = catalog.combat
    bands = Table("Range bands", ["band", "up to", "thrust to cross in/out",
                                              "attack DM", "missile flight"],
                  [[b.name, b.up_to, str(b.thrust), dm(b.dm),
                    f"{b.flight} round{'s' * (b.flight != 1)}" if b.flight else "no launch"]
                   for b in combat.bands],
                  note="thrust toward and away by both ships adds up; what is short of a "
                       "boundary is banked")
    crits = Table("Critical hits", ["2D", "location", "in a duel (house)"],
                  [[loc.roll, loc.name, loc.duel or "—"] for loc in catalog.critical_locations
                   if loc.roll.isdigit()],
                  note="Effect 6+ with damage: one critical, severity = damage ÷ 10 rounded "
                       "up, at most 6; each tenth of the starting Hull lost: one of severity "
                       "1 (tenths crossed by a critical's own damage count at once); a "
                       "location hit again rises to the severity or by one.")
    weapons = Table("Weapons and their DMs", ["weapon", "range", "attack DM", "damage",
                                              "traits"],
                    [[w.name, w.range, dm(combat.weapon_dm.get(w.id, 0))
                      if w.dice is not None and w.effect != "intercept" and w.ordnance is None
                      else "—", w.damage, w.traits or "—"] for w in catalog.weapons
                     if carried is None or w.id in carried],
                    note="identical weapons in one turret: +1 damage a die per extra weapon; "
                         "a spinal mount of N multiples rolls N× its dice")
    return [
        Table("Turn sequence", ["", "step", "what", RULINGS], SEQUENCE),
        Table("Actions", ["action", "position", "skill", "characteristic", "target", "effect",
                          RULINGS],
              ACTIONS, note="each position one action a step; DMs are skill + characteristic"),
        Table("Reactions", ["reaction", "skill", "target", "costs", "effect", RULINGS],
              REACTIONS),
        bands,
        Table("Missiles", ["step", "how", RULINGS], MISSILES),
        crits,
        *([weapons] if weapons.rows else []),
        Table("Traits", ["trait", "in a duel", RULINGS], TRAITS),
    ]


PLAIN = ("what", "how", "in a duel", "in a duel (house)", "effect")  # columns read bare


def entries(table: Table) -> list[Entry]:
    """A row as a player reads it: its first cell in bold, then "column: value" for the rest
    (a sequence step's number and name read as one head); its rulings apart, for the card's
    rulings line."""
    out = []
    for row in table.rows:
        head, start = row[0], 1
        if not head.strip() or head.isdigit():
            head, start = f"{row[0]}. {row[1]}".lstrip(". "), 2
        cells = [(table.columns[i], row[i]) for i in range(start, len(row))
                 if row[i].strip() not in ("", "—") and table.columns[i] != RULINGS]
        text = " · ".join(v if k in PLAIN else f"{k}: {v}" for k, v in cells)
        codes = (row[table.columns.index(RULINGS)].split(", ")
                 if RULINGS in table.columns else [])
        out.append(Entry(head, text, tuple(c for c in codes if c)))
    return out


def simulator_tables() -> list[Table]:
    """shipyard's simulator on cards: what its default crew chooses, and its battles' end."""
    return [Table("The simulator's crew", ["", "what", RULINGS], SIMULATOR)]


def carried_weapons(designs: Sequence[ShipDesign]) -> set[str]:
    """The ids of every weapon the designs mount."""
    return {w for design in designs for line in design.built.lines for w in line.weapons}


def cards(catalog: TravellerCatalog, simulator: bool = False,
          designs: Sequence[ShipDesign] = ()) -> Printable:
    """The table deck (the turn sequence and its tables; given designs, only the weapons they
    carry), or the simulator deck."""
    carried = carried_weapons(designs) if designs else None
    deck: list[Card] = []
    for table in simulator_tables() if simulator else combat_tables(catalog, carried):
        deck += deal(table.title, table.note, entries(table),
                     TABLE_RULINGS.get(table.title, ()), MEASURE)
    return Printable("_base/cards.html", {
        "title": f"traveller {'simulator' if simulator else 'reference'} cards",
        "deck_title": "traveller · shipyard's simulator, not the rules text" if simulator
        else "traveller · Traveller ship combat, a house turn sequence",
        "cards": deck,
    }, ("_base/cards.css", "traveller/cards.css"))
