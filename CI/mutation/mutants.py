"""Every first-order mutant of the arithmetic part of a Python ZoomCheck adapter.

A mutant is one small change to one place of the source: an operator, a comparison, a
constant, a math function, a sign, or a whole statement. The places are found with Python's
own parser (`ast`) and each change is spliced into the original text at that node's
position, so a mutant differs from the original in exactly one spot and keeps its comments.

Only the arithmetic is mutated: the lines between the adapter's "Part 2" and "Part 3"
headings (projection, validation, spans, the zoom reading, the fit). The capabilities
(Part 1) are the program's declarations, and the protocol code (Part 3) is plumbing that
every adapter copies unchanged. Message text is never mutated: a refusal's wording is free.

Standard library only (Python 3.8+).
"""

import ast
import hashlib

ARITHMETIC = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
              ast.Pow: ast.Mult, ast.FloorDiv: ast.Div, ast.Mod: ast.Mult}
OPERATOR_TEXT = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**",
                 ast.FloorDiv: "//", ast.Mod: "%"}
# Each comparison to its boundary change and to its negation.
COMPARISONS = {ast.Lt: ["<=", ">="], ast.LtE: ["<", ">"], ast.Gt: [">=", "<="],
               ast.GtE: [">", "<"], ast.Eq: ["!="], ast.NotEq: ["=="],
               ast.In: ["not in"], ast.NotIn: ["in"], ast.Is: ["is not"], ast.IsNot: ["is"]}
COMPARISON_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                   ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
                   ast.IsNot: "is not"}
# Function swaps: the names a slip of the hand or of the mind turns into each other.
FUNCTIONS = {
    "math.floor": ["math.ceil", "math.trunc", "round"],
    "math.ceil": ["math.floor", "math.trunc", "round"],
    "math.trunc": ["math.floor", "math.ceil", "round"],
    "round": ["math.floor", "math.ceil", "math.trunc"],
    "min": ["max"], "max": ["min"],
    "math.sin": ["math.cos"], "math.cos": ["math.sin"],
    "math.tan": ["math.sin"], "math.atan": ["math.tan"],
    "math.log": ["math.log2", "math.log10"], "math.log2": ["math.log", "math.log10"],
    "math.sinh": ["math.cosh", "math.asinh"], "math.asinh": ["math.sinh", "math.atanh"],
    "math.exp": ["math.expm1"],
    "math.isfinite": ["math.isnan"], "math.isnan": ["math.isinf"], "math.isinf": ["math.isnan"],
}


class Mutant:
    """One change: where (line, column), what (operator class, before, after), and the text."""

    def __init__(self, function, line, column, operator, before, after, source, line_text):
        self.function = function
        self.line = line
        self.column = column
        self.operator = operator
        self.before = before
        self.after = after
        self.source = source
        # Stable across edits elsewhere in the file: the function, the line's own text, the
        # column and the change (an occurrence number is added when that is not unique).
        key = "\0".join([function, line_text.strip(), str(column), operator, before, after])
        self.key = hashlib.sha1(key.encode()).hexdigest()[:10]

    @property
    def summary(self):
        before = " ".join(self.before.split())
        after = " ".join(self.after.split())
        if len(before) > 60:
            before = before[:57] + "..."
        if len(after) > 60:
            after = after[:57] + "..."
        return "%s line %d: `%s` -> `%s`" % (self.function, self.line, before, after)


def _offsets(source):
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _section(source):
    """Line numbers (1-based, inclusive) of the arithmetic part."""
    lines = source.splitlines()
    first = next(i for i, line in enumerate(lines, 1) if line.startswith("# Part 2"))
    last = next(i for i, line in enumerate(lines, 1) if line.startswith("# Part 3"))
    return first, last


def _is_text(node):
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


class _Finder(ast.NodeVisitor):
    def __init__(self, source, first, last):
        self.source = source
        self.first, self.last = first, last
        self.starts = _offsets(source)
        self.lines = source.splitlines()
        self.function = "<module>"
        self.sites = []  # (start, end, operator, before, after, line, column)
        self.skip_depth = 0

    def span(self, node):
        start = self.starts[node.lineno - 1] + node.col_offset
        end = self.starts[node.end_lineno - 1] + node.end_col_offset
        return start, end

    def add(self, start, end, operator, after, line, column):
        if not (self.first < line < self.last) or self.skip_depth:
            return
        self.sites.append((start, end, operator, self.source[start:end], after, line, column))

    def inside_message(self, node):
        # ProtocolError(code, message), number_text(...), "..." % (...): refusal text only.
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("ProtocolError", "number_text"):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _is_text(node.left):
            return True
        return False

    def generic_visit(self, node):
        if self.inside_message(node):
            self.skip_depth += 1
            super().generic_visit(node)
            self.skip_depth -= 1
        else:
            super().generic_visit(node)

    def visit_FunctionDef(self, node):
        outer = self.function
        self.function = node.name if outer == "<module>" else outer + "." + node.name
        self.visit_body(node.body)
        self.function = outer

    def visit_body(self, body):
        for index, statement in enumerate(body):
            is_docstring = index == 0 and isinstance(statement, ast.Expr) and _is_text(statement.value)
            if is_docstring:
                continue
            if not isinstance(statement, (ast.FunctionDef, ast.Pass)) and self.function != "<module>":
                start, end = self.span(statement)
                self.add(start, end, "statement deletion", "pass", statement.lineno, statement.col_offset)
            self.visit(statement)

    def visit_If(self, node):
        self.visit(node.test)
        self.visit_body(node.body)
        if node.orelse:
            self.visit_body(node.orelse)

    def visit_While(self, node):
        self.visit(node.test)
        self.visit_body(node.body)

    def visit_For(self, node):
        self.visit(node.iter)
        self.visit_body(node.body)

    def visit_Try(self, node):
        self.visit_body(node.body)
        for handler in node.handlers:
            self.visit_body(handler.body)

    def operator_site(self, node, left, right, text):
        """The operator token between two operands, located in the source text."""
        _, left_end = self.span(left)
        right_start, _ = self.span(right)
        gap = self.source[left_end:right_start]
        offset = gap.find(text)
        while offset >= 0:
            # Don't take `*` out of `**`, or `/` out of `//`.
            following = gap[offset + len(text):offset + len(text) + 1]
            previous = gap[offset - 1:offset] if offset else ""
            if text in ("*", "/") and (following == text or previous == text):
                offset = gap.find(text, offset + 2)
                continue
            if text in ("<", ">") and following == "=":
                offset = gap.find(text, offset + 2)
                continue
            return left_end + offset, left_end + offset + len(text)
        return None

    def visit_BinOp(self, node):
        if not self.inside_message(node) and type(node.op) in ARITHMETIC:
            text = OPERATOR_TEXT[type(node.op)]
            site = self.operator_site(node, node.left, node.right, text)
            if site:
                after = OPERATOR_TEXT[ARITHMETIC[type(node.op)]]
                self.add(site[0], site[1], "arithmetic operator", after, node.lineno, node.col_offset)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if type(node.op) in ARITHMETIC:
            text = OPERATOR_TEXT[type(node.op)] + "="
            _, target_end = self.span(node.target)
            value_start, _ = self.span(node.value)
            offset = self.source[target_end:value_start].find(text)
            if offset >= 0:
                after = OPERATOR_TEXT[ARITHMETIC[type(node.op)]] + "="
                self.add(target_end + offset, target_end + offset + len(text), "arithmetic operator", after, node.lineno, node.col_offset)
        self.generic_visit(node)

    def visit_Compare(self, node):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            text = COMPARISON_TEXT[type(op)]
            site = self.operator_site(node, left, right, text)
            if site:
                for after in COMPARISONS[type(op)]:
                    self.add(site[0], site[1], "comparison", after, node.lineno, node.col_offset)
            left = right
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        text, after = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        for left, right in zip(node.values, node.values[1:]):
            site = self.operator_site(node, left, right, text)
            if site:
                self.add(site[0], site[1], "logical operator", after, node.lineno, node.col_offset)
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, (ast.USub, ast.Not)):
            start, end = self.span(node)
            operand_start, operand_end = self.span(node.operand)
            self.add(start, end, "sign removal" if isinstance(node.op, ast.USub) else "negation removal",
                     self.source[operand_start:operand_end], node.lineno, node.col_offset)
        self.generic_visit(node)

    def visit_Constant(self, node):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return
        start, end = self.span(node)
        replacements = [value + 1, value - 1, value * 2]
        if value == 0:
            replacements = [1, -1]
        elif value == 1:
            replacements = [0, 2]
        seen = set()
        for replacement in replacements:
            text = repr(type(value)(replacement))
            if text not in seen:
                seen.add(text)
                self.add(start, end, "constant", text, node.lineno, node.col_offset)

    def visit_Call(self, node):
        if self.inside_message(node):
            self.generic_visit(node)
            return
        start, end = self.span(node.func)
        name = self.source[start:end]
        for after in FUNCTIONS.get(name, []):
            self.add(start, end, "function swap", after, node.lineno, node.col_offset)
        if name in ("abs", "math.copysign") and node.args:
            call_start, call_end = self.span(node)
            first_start, first_end = self.span(node.args[0])
            self.add(call_start, call_end, "sign removal", self.source[first_start:first_end], node.lineno, node.col_offset)
        self.generic_visit(node)


def generate(source):
    """Every first-order mutant of `source`'s arithmetic part, in source order."""
    first, last = _section(source)
    tree = ast.parse(source)
    finder = _Finder(source, first, last)
    finder.visit_body(tree.body)
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    mutants = []
    keys = {}
    for start, end, operator, before, after, line, column in sorted(finder.sites, key=lambda s: (s[0], s[1], s[2], s[4])):
        function = _function_at(functions, line)
        text = source[:start] + after + source[end:]
        mutant = Mutant(function, line, column, operator, before, after, text, finder.lines[line - 1])
        keys[mutant.key] = keys.get(mutant.key, 0) + 1
        if keys[mutant.key] > 1:
            mutant.key += "-%d" % keys[mutant.key]
        mutants.append(mutant)
    return mutants


def _function_at(functions, line):
    """The innermost of `functions` (a tree's function definitions) holding `line`, as
    outer.inner, or <module>."""
    holding = [node for node in functions if node.lineno <= line <= node.end_lineno]
    holding.sort(key=lambda node: node.lineno)
    return ".".join(node.name for node in holding) or "<module>"
