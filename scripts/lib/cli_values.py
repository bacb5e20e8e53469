# Imported by scripts/pair-replay.py: a number given on a script's command line, read as the Java
# command line reads one (fixtures-server CliValues, KvpNumbers.decimal): plain ASCII decimal only.
# Python's int() and float() also take what no one means by a number here: other scripts' digits
# ('٣', '３'), '_' between digits ('0_1' read as 1), white space at either end, 'nan' and 'inf';
# each is refused as the option's own message, never read as another value.
import argparse
import math
import re

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def whole(text):
    """An argparse type: a whole number in ASCII decimal digits, optionally negative."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number (decimal digits)")
    return int(text)


def decimal(text):
    """An argparse type: a finite decimal such as -12, 3.5, .5 or 1e-3."""
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a decimal number")
    value = float(text)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{text}' is larger than a number here can be")
    return value
