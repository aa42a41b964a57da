"""Small hand-written SVG charts (no plotting dependency): line charts and grouped bars."""

from html import escape

WIDTH, HEIGHT = 560, 340
LEFT, RIGHT, TOP, BOTTOM = 70, 170, 40, 50
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf", "#7f7f7f")

Series = dict[str, list[tuple[float, float]]]


def _nice_max(value: float) -> float:
    if value <= 0 or value != value:
        return 1.0
    step = 10 ** (len(str(int(value))) - 1) if value >= 1 else 0.1
    top = step
    while top < value * 1.05:
        top += step / 2 if step >= 1 else step
    return top


def _frame(
    title: str, x_label: str, y_label: str, y_max: float, height: int = HEIGHT, bottom: int = BOTTOM
) -> list[str]:
    plot_w, plot_h = WIDTH - LEFT - RIGHT, height - TOP - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'font-family="sans-serif" font-size="11">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="13">{escape(title)}</text>',
        f'<text x="{LEFT + plot_w / 2}" y="{height - 10}" text-anchor="middle">'
        f"{escape(x_label)}</text>",
        f'<text x="15" y="{TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 15 {TOP + plot_h / 2})">{escape(y_label)}</text>',
    ]
    for i in range(6):
        value = y_max * i / 5
        y = TOP + plot_h - plot_h * i / 5
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{value:.3g}</text>')
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>'
    )
    return parts


def _legend(names: list[str]) -> list[str]:
    parts = []
    for i, name in enumerate(names):
        y = TOP + 10 + i * 16
        x = WIDTH - RIGHT + 10
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<rect x="{x}" y="{y - 8}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{x + 14}" y="{y + 1}">{escape(name)}</text>')
    return parts


def line_chart(title: str, x_label: str, y_label: str, series: Series) -> str:
    """Lines with points; x values shared or not, y from zero."""
    points = [p for values in series.values() for p in values if p[1] == p[1]]
    if not points:
        return ""
    x_min, x_max = min(p[0] for p in points), max(p[0] for p in points)
    x_span = (x_max - x_min) or 1.0
    y_max = _nice_max(max(p[1] for p in points))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    parts = _frame(title, x_label, y_label, y_max)

    def xy(x: float, y: float) -> tuple[float, float]:
        return LEFT + plot_w * (x - x_min) / x_span, TOP + plot_h - plot_h * y / y_max

    for x in sorted({p[0] for p in points}):
        px, _ = xy(x, 0)
        parts.append(
            f'<text x="{px:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{x:g}</text>'
        )
    for i, (name, values) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        coords = [xy(x, y) for x, y in sorted(values) if y == y]
        if len(coords) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        for x, y in coords:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
        del name
    parts.extend(_legend(list(series)))
    parts.append("</svg>")
    return "\n".join(parts)


BAR_HEIGHT, BAR_BOTTOM = 450, 165


def bar_chart(title: str, y_label: str, groups: dict[str, dict[str, float]]) -> str:
    """Grouped bars: one group per label (written vertically below), one bar per series."""
    names = list(dict.fromkeys(n for bars in groups.values() for n in bars))
    values = [v for bars in groups.values() for v in bars.values() if v == v]
    if not values:
        return ""
    y_max = _nice_max(max(values))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, BAR_HEIGHT - TOP - BAR_BOTTOM
    parts = _frame(title, "", y_label, y_max, BAR_HEIGHT, BAR_BOTTOM)
    slot = plot_w / max(len(groups), 1)
    bar = slot * 0.8 / max(len(names), 1)
    for g, (label, bars) in enumerate(groups.items()):
        x0 = LEFT + g * slot + slot * 0.1
        for i, name in enumerate(names):
            value = bars.get(name, float("nan"))
            if value != value:
                continue
            h = plot_h * value / y_max
            colour = COLOURS[i % len(COLOURS)]
            parts.append(
                f'<rect x="{x0 + i * bar:.1f}" y="{TOP + plot_h - h:.1f}" width="{bar * 0.9:.1f}" '
                f'height="{h:.1f}" fill="{colour}"/>'
            )
        cx = x0 + slot * 0.4
        cy = TOP + plot_h + 8
        parts.append(
            f'<text x="{cx:.1f}" y="{cy}" text-anchor="end" font-size="10" '
            f'transform="rotate(-90 {cx:.1f} {cy})">{escape(label)}</text>'
        )
    parts.extend(_legend(names))
    parts.append("</svg>")
    return "\n".join(parts)
