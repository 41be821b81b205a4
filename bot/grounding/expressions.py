"""A statement and its arguments parsed, and an amount the person gave evaluated exactly.

A statement is a call such as `what_if(2026, q(4) * 0.5)` or `working_days("2026-12-21", "2026-12-23")`;
an amount in it is a small expression: `+ - * /`, parentheses, decimal numbers and calls of named facts
(`q(n)`: the question's number). It is parsed with Python's own parser (`ast`, never
`eval`) and only those node kinds are accepted; numbers are read from the source text as `Decimal`, so a
half day stays 0.5.

What a name means is not decided here: `evaluate` asks a `Resolver` (the evidence of this conversation),
which raises `Unresolved` with a reason the correction can name ("no lookup for 2025").
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal, DivisionByZero, InvalidOperation
from typing import Protocol

Argument = int | str  # a call's argument: a year, or a quoted date or leave type


class Unresolved(Exception):
    """The expression cannot be evaluated: malformed, a name that does not exist, a fact not looked up."""


class Resolver(Protocol):
    def call(self, name: str, arguments: Sequence[Argument]) -> Decimal: ...


@dataclass
class Evaluated:
    """The value, and what it was made of (for the checks that look at the shape)."""

    value: Decimal
    calls: list[tuple[str, tuple[Argument, ...]]] = field(default_factory=list)
    numbers: list[Decimal] = field(default_factory=list)  # the plain numbers written in it


_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
MAX_LENGTH = 300  # an answer's account of one figure, not a program


def parsed(source: str) -> tuple[str, ast.expr]:
    """The expression as read (`×`, `÷`, `−` as `*`, `/`, `-`) and its syntax tree; Unresolved when it is
    too long or no expression."""
    if len(source) > MAX_LENGTH:
        raise Unresolved("the expression is too long")
    # `×` and `÷` are what a person writes; a model may too.
    written = source.replace("×", "*").replace("÷", "/").replace("−", "-").strip()
    try:
        return written, ast.parse(written, mode="eval").body
    except SyntaxError:
        raise Unresolved(f"cannot read the expression {source!r}") from None


def evaluate(source: str, resolver: Resolver) -> Evaluated:
    written, tree = parsed(source)
    result = Evaluated(Decimal(0))
    try:
        result.value = _value(tree, written, resolver, result)
    except (InvalidOperation, DivisionByZero, ZeroDivisionError):
        raise Unresolved(f"the expression {source!r} has no value (a division by zero?)") from None
    return result


def _value(node: ast.expr, source: str, resolver: Resolver, seen: Evaluated) -> Decimal:
    match node:
        case ast.BinOp(left=left, op=op, right=right) if type(op) in _OPERATORS:
            symbol = _OPERATORS[type(op)]
            a, b = _value(left, source, resolver, seen), _value(right, source, resolver, seen)
            return a / b if symbol == "/" else a + b if symbol == "+" else a - b if symbol == "-" else a * b
        case ast.UnaryOp(op=ast.USub(), operand=operand):
            return -_value(operand, source, resolver, seen)
        case ast.Constant(value=int() | float()) if not isinstance(node.value, bool):
            number = Decimal(ast.get_source_segment(source, node) or str(node.value))
            seen.numbers.append(number)
            return number
        case ast.Call(func=ast.Name(id=name), args=args, keywords=[]):
            arguments = tuple(_argument(arg, source) for arg in args)
            seen.calls.append((name, arguments))
            return resolver.call(name, arguments)
    raise Unresolved(
        f"the expression may only use + - * /, numbers and named facts, not {ast.unparse(node)!r}"
    )


def _argument(node: ast.expr, source: str) -> Argument:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, float):  # a size of day, e.g. 0.5
        return ast.get_source_segment(source, node) or str(node.value)
    raise Unresolved(f"a fact's argument must be a year or a quoted date or type, not {ast.unparse(node)!r}")
