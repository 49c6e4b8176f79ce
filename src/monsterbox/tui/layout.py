"""Terminal layout that never splits a card's name: text made of units (a card, a count, a rule) that wraps only
between units, in table cells and in lines of prose alike.

Rich wraps text at any space, so "The Black Lagoon Monster" could end one line with "The Black" and start the next
with "Lagoon Monster". A :class:`Flow` is a list of units with their separators; it tells Rich's tables its narrowest
width (its longest unit) and lays itself out in whatever width it is given, breaking lines only between units. A unit
wider than the whole width is shortened with an ellipsis (abbreviated, never split).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from monsterbox.core.i18n import _, and_list

Part = Text | str


def as_text(part: Part, style: str = "") -> Text:
    return part.copy() if isinstance(part, Text) else Text(part, style=style)


def and_parts(items: Sequence[Part]) -> list[Text]:
    """The items as an "a, b and c" list in the language in force (Babel's list pattern), cut into units: each
    item with the separator that follows it ("a, ", "b and ", "c")."""
    if not items:
        return []
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    joined = and_list(marks)
    out: list[Text] = []
    lead = joined[: joined.index(marks[0])]
    for i, item in enumerate(items):
        start = joined.index(marks[i]) + len(marks[i])
        end = joined.index(marks[i + 1]) if i + 1 < len(items) else len(joined)
        unit = Text(lead if i == 0 else "")
        unit.append_text(as_text(item))
        unit.append(joined[start:end])
        out.append(unit)
    return out


def joined(items: Iterable[Part], sep: str = ", ", end: str = "") -> list[Text]:
    """Units separated by ``sep`` (each but the last carries it), the last followed by ``end``."""
    items = list(items)
    out = []
    for i, item in enumerate(items):
        unit = as_text(item)
        unit.append(sep if i + 1 < len(items) else end)
        out.append(unit)
    return out


def semi(wide: bool = False) -> str:
    """The separator "; " in the language in force (French sets a space before it: " ; "); ``wide``: followed by two
    spaces, between the parts of a line."""
    return _("; ") + (" " if wide else "")


def words(text: str) -> list[str]:
    """Prose as units, one word each (a rule's text may wrap anywhere between its words)."""
    return [w + " " for w in text.split(" ") if w]


class Flow:
    """Units laid out left to right, wrapped only between units; continuation lines indented by ``indent``."""

    def __init__(self, units: Iterable[Part], style: str = "", indent: int = 0) -> None:
        self.units = [as_text(u) for u in units]
        self.style = style
        self.indent = indent

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [cell_len(u.plain.rstrip()) for u in self.units] or [0]
        longest = max(widths) + (self.indent if len(widths) > 1 else 0)
        total = sum(cell_len(u.plain) for u in self.units)
        return Measurement(min(longest, options.max_width), min(max(total, longest), options.max_width))

    def lines(self, width: int) -> Iterator[Text]:
        line = Text(style=self.style)
        for unit in self.units:
            used = cell_len(line.plain)
            if used and used + cell_len(unit.plain.rstrip()) > width:
                line.rstrip()
                yield line
                line = Text(" " * self.indent, style=self.style)
            line.append_text(unit)
        line.rstrip()
        yield line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in self.lines(width):
            line.truncate(width, overflow="ellipsis")
            line.end = "\n"
            yield line


def flow(console: Console, head: Part, units: Iterable[Part], style: str = "", indent: int = 2) -> None:
    """Print ``head`` then the units, as a paragraph that wraps only between units."""
    first = as_text(head)
    units = list(units)
    if units:
        first.append_text(as_text(units[0]))
        units = units[1:]
    console.print(Flow([first, *units], style=style, indent=indent))


def menu_rows(items: Sequence[Text], width: int, gap: int = 2, max_columns: int = 3) -> list[Text]:
    """A numbered menu laid out left to right in rows, in order, so a long menu fits a small screen and no label is
    ever cut: three equal columns when every label fits one, else two to a row where a pair fits (the second
    starts at the middle, or just after the first when it does not fit there), else one. The layout with the
    fewest rows wins."""
    lengths = [cell_len(item.plain) for item in items]
    layouts: list[list[Text]] = [[item.copy() for item in items]]
    if max_columns >= 3:
        col = (width - 2 * gap) // 3
        if col >= 10 and all(n <= col for n in lengths):
            rows = []
            for k in range(0, len(items), 3):
                row = Text()
                for j, item in enumerate(items[k:k + 3]):
                    if j:
                        row.pad_right(j * (col + gap) - cell_len(row.plain))
                    row.append_text(item)
                rows.append(row)
            layouts.append(rows)
    if max_columns >= 2:
        middle = (width + gap) // 2
        rows, k = [], 0
        while k < len(items):
            row = items[k].copy()
            if k + 1 < len(items):
                start = max(middle, lengths[k] + gap)
                if start + lengths[k + 1] > width:  # not at the middle: just after the first, if it fits there
                    start = lengths[k] + gap
                if start + lengths[k + 1] <= width:
                    row.pad_right(start - lengths[k])
                    row.append_text(items[k + 1])
                    k += 1
            rows.append(row)
            k += 1
        layouts.append(rows)
    return min(layouts, key=len)


MenuEntry = tuple[str | None, Text, Text]


def grouped_menu(entries: Sequence[MenuEntry], width: int, long_menu: int = 8) -> list[Text | Flow]:
    """A numbered menu where consecutive choices of one kind share a heading: each entry is (its group's heading or
    None, its whole numbered label, its numbered label within the group). A run of two or more entries of one group
    is one paragraph, "Costume (pay 5 tickets), take: 14. blue + blue  15. blue + red ...", wrapped between choices;
    the other entries are listed one to a line, or in rows (:func:`menu_rows`) when the menu is long. Numbers stay in
    order; no label is cut."""
    out: list[Text | Flow] = []
    singles: list[Text] = []
    many = len(entries) > long_menu

    def flush() -> None:
        out.extend(menu_rows(singles, width) if many else singles)
        singles.clear()

    i = 0
    while i < len(entries):
        head = entries[i][0]
        j = i
        while head is not None and j + 1 < len(entries) and entries[j + 1][0] == head:
            j += 1
        if j > i:
            flush()
            first = Text(head + " ", style="bold") + entries[i][2]
            out.append(Flow(joined([first, *(entries[k][2] for k in range(i + 1, j + 1))], "  "), indent=4))
        else:
            singles.append(entries[i][1])
        i = j + 1
    flush()
    return out


def fit_columns(table: Table, console: Console, width: int, whole_headers: bool = True) -> Table:
    """Fix the widths of ``table``'s columns so none is narrower than its widest unit (Rich, short of room, shrinks
    columns below that and cuts a card's name): each column gets its narrowest width (its header too, whole, when
    ``whole_headers`` and there is room), two spaces between columns (one when short of room), and the room left
    goes to the columns that would use it, the smallest needs met first. A table that cannot fit is left to Rich."""
    columns = table.columns
    options = console.options.update_width(width)
    mins, wants, heads = [], [], []
    for c in columns:
        cells = [Measurement.get(console, options, cell) for cell in c.cells]
        mins.append(max([0, *(m.minimum for m in cells)]))
        wants.append(max([cell_len(str(c.header)), *(m.maximum for m in cells)]))
        heads.append((cell_len(str(c.header)), Measurement.get(console, options, c.header).minimum))
    # the roomiest layout that fits: two spaces between columns, else one; headers whole, else wrapped
    for gap, whole in ((2, True), (1, True), (2, False), (1, False)):
        if not whole_headers and whole:
            continue
        lows = [max(m, h[0] if whole else h[1]) for m, h in zip(mins, heads, strict=True)]
        room = width - gap * (len(columns) - 1)
        if sum(lows) <= room:
            break
    else:
        return table
    table.padding = (0, gap, 0, 0)
    mins = lows
    extra = room - sum(mins)
    needs = [max(0, w - m) for w, m in zip(wants, mins, strict=True)]
    more = [0] * len(columns)  # shared fairly: the smallest needs met in full first, the rest split evenly
    order = sorted(range(len(columns)), key=lambda k: needs[k])
    for n, k in enumerate(order):
        more[k] = min(needs[k], extra // (len(order) - n))
        extra -= more[k]
    for c, m, x in zip(columns, mins, more, strict=True):
        c.width = m + x
    return table
