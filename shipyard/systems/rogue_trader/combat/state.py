"""A ship as the odds and a captain of your own see her: her tracks, her components' states,
where she is and what she has suffered (the fight itself keeps these as numbers: ship.py).

Every value (Speed, Manoeuvrability, Armour, void shields, ...) is computed from
the Spec and the working components, so a struck component loses its effect at once (R18).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.systems.rogue_trader.combat.spec import Part, Spec, half_up

STATES = ("damaged", "depressurised", "on fire", "unpowered", "destroyed")


@dataclass
class Ship:
    spec: Spec
    side: int
    position: tuple[float, float]
    facing: int
    hull_integrity: int = 0
    crew_population: int = 0
    morale: int = 0
    states: list[set[str]] = field(default_factory=list)
    known: set[int] = field(default_factory=set)  # parts the enemy knows of
    torpedoes: dict[int, int] = field(default_factory=dict)  # part index -> torpedoes left
    sensors_damaged: bool = False
    thrusters: int = 0  # Manoeuvrability lost to Thrusters Damaged
    cannot_turn: bool = False
    engines_halved: int = 0
    engines_wrecked: bool = False
    out: str | None = None  # why it is out of the fight: a stable code
    out_text: str = ""
    damage_taken: int = 0  # Hull Integrity lost
    surprised: bool = False
    simple_destruction: bool = False
    crippled_penalty: tuple[int, int] = (-10, -10)  # Manoeuvrability, Detection (seed)

    @staticmethod
    def fresh(spec: Spec, side: int, position: tuple[float, float], facing: int,
              crippled_penalty: tuple[int, int] = (-10, -10)) -> Ship:
        ship = Ship(spec, side, position, facing, crippled_penalty=crippled_penalty)
        ship.hull_integrity = spec.hull_integrity + ship.modifier("hull_integrity")
        ship.crew_population = spec.crew_population + ship.modifier("crew_population")
        ship.morale = spec.morale + ship.modifier("morale")
        ship.states = [set() for _ in spec.parts]
        for part in spec.guns:
            if part.gun is not None and part.gun.capacity is not None:
                ship.torpedoes[part.index] = part.gun.capacity
        return ship

    @property
    def name(self) -> str:
        return self.spec.name

    def working(self, part: Part) -> bool:
        return not self.states[part.index]

    def modifier(self, name: str) -> int:
        """A modifier summed over the working parts (R18)."""
        states = self.states
        return sum(value for index, value in self.spec.bonuses.get(name, ())
                   if not states or not states[index])

    @property
    def crippled(self) -> bool:
        return self.hull_integrity <= 0

    def _essential_working(self, kind: str) -> bool:
        return all(self.working(p) for p in self.spec.parts if p.kind == kind)

    @property
    def drive_working(self) -> bool:
        """A plasma drive that is unpowered, damaged, on fire, depressurised or destroyed gives
        no thrust (R18)."""
        return self._essential_working("plasma-drive")

    @property
    def augurs_working(self) -> bool:
        """Without a working augur array she is as blind as with Sensors Damaged (R18)."""
        return self._essential_working("augur-array")

    @property
    def speed(self) -> int:
        if not self.drive_working:
            return 0  # R18: she drifts where she lies, turning on her thrusters
        speed = max(0, self.spec.speed + self.modifier("speed"))
        if self.crippled:
            speed = half_up(speed)
        for _ in range(self.engines_halved):
            speed = half_up(speed)
        return min(speed, 1) if self.engines_wrecked else speed

    @property
    def manoeuvrability(self) -> int:
        value = self.spec.manoeuvrability + self.modifier("manoeuvrability") - self.thrusters
        return value + (self.crippled_penalty[0] if self.crippled else 0)

    @property
    def detection(self) -> int:
        value = self.spec.detection + self.modifier("detection")
        return value + (self.crippled_penalty[1] if self.crippled else 0)

    @property
    def armour(self) -> int:
        return self.spec.armour + self.modifier("armour")

    @property
    def prow_armour(self) -> int:
        return self.armour + self.modifier("prow_armour")

    @property
    def turrets(self) -> int:
        return self.spec.turrets + self.modifier("turrets")

    @property
    def void_shields(self) -> int:
        return sum(p.void_shields for p in self.spec.parts if self.working(p))

    @property
    def ballistic_skill(self) -> int:
        return self.spec.crew.gunnery + self.modifier("ballistic_skill")

    @property
    def command(self) -> int:
        return self.spec.crew.command + self.modifier("command")

    def strength(self, part: Part) -> int:
        assert part.gun is not None
        return half_up(part.gun.strength) if self.crippled else part.gun.strength

    def burning(self) -> list[Part]:
        return [p for p in self.spec.parts if "on fire" in self.states[p.index]]

    def lose(self, track: str, amount: int) -> int:
        """Take `amount` off a track, never below 0; what was actually lost."""
        current: int = getattr(self, track)
        lost = min(current, max(0, amount))
        setattr(self, track, current - lost)
        return lost
