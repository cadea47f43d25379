"""Help written for players, not for Python: how every command's `--help` reads.

Typer's own help names Python types (`<str>`, `list[Path]`, `<int range>`), braces required
arguments (`{SYSTEM}`) and cuts command summaries with "...". Commands made by `app.command()`
use `Command` below instead: arguments by their metavar, options by a metavar or their choices,
bounds said in the help text in words, summaries whole, and the command's examples (its
epilog) printed as typed.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

# An argument's help may name the installed systems; filled in only when help is printed.
SYSTEMS = "{systems}"


def _systems() -> str:
    from shipyard.cli.completion import system_ids

    return ", ".join(system_ids(""))


def _metavar(param: Any) -> str:
    if param.metavar:
        return str(param.metavar)
    choices = param.type_descriptor.choices
    if choices:
        return "|".join(str(getattr(c, "value", c)) for c in choices)
    return str(param.name).upper()


def _default(param: Any) -> str:
    default = param.default
    if param.is_flag or default is None or not param.show_default:
        return ""
    return str(getattr(default, "value", default))


def _record(param: Any) -> tuple[str, str]:
    text = (param.help or "").replace(SYSTEMS, _systems())
    if param.param_type_name == "argument":
        return _metavar(param) + ("..." if param.nargs != 1 else ""), text
    name = ", ".join(param.opts) + ("" if param.is_flag or param.count else f" {_metavar(param)}")
    default = _default(param)
    return name, f"{text}  [default: {default}]" if default else text


def _first_paragraph(text: str) -> str:
    import inspect

    return " ".join(inspect.cleandoc(text).split("\n\n")[0].split())


class Command(TyperCommand):
    """A command whose help reads as the rest of shipyard does."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.params:
            if param.param_type_name != "argument":
                continue
            name = _metavar(param) + ("..." if param.nargs != 1 else "")
            pieces.append(name if param.required else f"[{name}]")
        return pieces

    def get_short_help_str(self, limit: int = 45) -> str:
        return _first_paragraph(self.short_help or self.help or "")

    def format_options(self, ctx: Any, formatter: Any) -> None:
        params = self.get_params(ctx)
        arguments = [_record(p) for p in params if p.param_type_name == "argument"]
        options = [_record(p) for p in params
                   if p.param_type_name == "option" and not getattr(p, "hidden", False)]
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        """The examples, one a line, as typed (never rewrapped)."""
        if not self.epilog:
            return
        with formatter.section("Examples"):
            for line in self.epilog.strip().splitlines():
                formatter.write(f"{' ' * formatter.current_indent}{line.strip()}\n")


class Group(TyperGroup):
    """A command of subcommands (`game start`, `game hit`) whose help reads as a command's."""

    get_short_help_str = Command.get_short_help_str
    format_epilog = Command.format_epilog
