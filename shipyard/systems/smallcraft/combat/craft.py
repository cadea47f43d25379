"""A craft as a fight sees it: its sheet rows and box numbers, and what each row does in play.

Built once from `rules.parts()`, so the fight, the sheet and `show` read the same rows: box
numbers run 1..hull in sheet order, the unallocated boxes (R7) last, and a d(hull) roll finds
its box the way a player finds it on the printed sheet. A turret's row has one box more than
its dhits (R5); the last box of the row is the mount.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from shipyard.systems.smallcraft.models import (
    Beam,
    Drive,
    Missiles,
    SmallcraftCatalog,
    SmallcraftDesign,
)
from shipyard.systems.smallcraft.rules import drive_cost, drive_g, parts

# where each drive pushes and each beam aims, in clock steps clockwise from the craft's facing;
# top and bottom act only in 3D (None)
DRIVE_PUSH = {"back": 0, "front": 6, "left": 3, "right": 9, "top": None, "bottom": None}
AIM = {"front": 0, "right": 3, "back": 6, "left": 9, "top": None, "bottom": None}


@dataclass(frozen=True)
class Row:  # a dataclass: its `index` would shadow tuple.index
    index: int
    kind: str  # the component's type, or "unallocated"
    label: str
    first: int  # its first box number
    boxes: int

    @property
    def last(self) -> int:
        return self.first + self.boxes - 1


class DriveRow(NamedTuple):
    row: int
    push: int | None  # clock steps from the facing; None: a top or bottom drive
    label: str


class BeamRow(NamedTuple):
    row: int
    aim: int | None  # clock steps from the facing; None: aimed up or down
    turret: bool
    dhits: int  # weapon cblocs, the mount not counted
    label: str


class MissileRow(NamedTuple):
    row: int
    move: int
    damage: int
    per_cbloc: int
    label: str


class Spec(NamedTuple):
    """Everything about a craft that damage does not change."""

    name: str
    hull: int
    rows: tuple[Row, ...]
    drives: tuple[DriveRow, ...]
    beams: tuple[BeamRow, ...]
    missiles: tuple[MissileRow, ...]
    armor: tuple[int, ...]  # row indices, by kind
    screens: tuple[int, ...]
    sensors: tuple[int, ...]
    tubes: tuple[int, ...]
    power: tuple[int, ...]
    crew: tuple[int, ...]
    power_per_cbloc: int
    g_of: tuple[int, ...]  # G a drive delivers from n working cblocs, n = 0..largest drive
    cost_of: tuple[int, ...]  # cblocs (and cunits) a drive needs for g G, g = 0..largest G
    detection: int  # dhexes, before sensors
    per_sensor: int  # detection dhexes per dhex of sensor range
    reach: int  # dhexes: "the effective range of craft-based weaponry", beams and missiles

    @property
    def box_count(self) -> int:
        return sum(r.boxes for r in self.rows)

    def row_of_box(self) -> list[int]:
        """For each box number (index 0 unused), the row it belongs to."""
        owner = [-1]
        for row in self.rows:
            owner += [row.index] * row.boxes
        return owner

    def main_beams(self) -> list[BeamRow]:
        """The beams a pilot would point the craft for, best first (most dhits, then sheet
        order); only those that act in 2D."""
        return sorted((b for b in self.beams if b.aim is not None), key=lambda b: -b.dhits)

    def strongest_drive(self) -> DriveRow | None:
        usable = [d for d in self.drives if d.push is not None]
        if not usable:
            return None
        return max(usable, key=lambda d: self.g_of[min(self.rows[d.row].boxes,
                                                          len(self.g_of) - 1)])


def build(design: SmallcraftDesign, catalog: SmallcraftCatalog) -> Spec:
    rules = catalog.construction
    rows: list[Row] = []
    drives: list[DriveRow] = []
    beams: list[BeamRow] = []
    missiles: list[MissileRow] = []
    kinds: dict[str, list[int]] = {}
    box = 1
    for part in parts(design, catalog):
        c = part.component
        index = len(rows)
        rows.append(Row(index, c.type, part.label, box, part.boxes))
        box += part.boxes
        kinds.setdefault(c.type, []).append(index)
        if isinstance(c, Drive):
            drives.append(DriveRow(index, DRIVE_PUSH[c.facing], part.label))
        elif isinstance(c, Beam):
            beams.append(BeamRow(index, AIM[c.facing], c.mount == "turret", c.cblocs,
                                 part.label))
        elif isinstance(c, Missiles):
            missiles.append(MissileRow(index, c.move, c.damage, rules.missiles_per_cbloc,
                                       part.label))
    if box <= design.hull:
        rows.append(Row(len(rows), "unallocated", "Unallocated", box, design.hull - box + 1))
    biggest = max((rows[d.row].boxes for d in drives), default=0)
    g_of = tuple(drive_g(design.hull, n, rules) for n in range(biggest + 1))
    cost_of = tuple(0 if g == 0 else drive_cost(design.hull, g, rules)
                    for g in range(max(g_of, default=0) + 1))
    ranges = catalog.ranges
    return Spec(
        name=design.name, hull=design.hull, rows=tuple(rows), drives=tuple(drives),
        beams=tuple(beams), missiles=tuple(missiles),
        armor=tuple(kinds.get("armor", [])), screens=tuple(kinds.get("screens", [])),
        sensors=tuple(kinds.get("sensors", [])), tubes=tuple(kinds.get("launch_tubes", [])),
        power=tuple(kinds.get("power", [])), crew=tuple(kinds.get("crew", [])),
        power_per_cbloc=rules.power_per_cbloc, g_of=g_of, cost_of=cost_of,
        detection=ranges.detection_dhexes, per_sensor=ranges.detection_per_sensor_dhex,
        reach=ranges.beam_dhexes,
    )
