"""A small SVG writer: plain elements, numbers written the same way on every run."""

from xml.sax.saxutils import escape, quoteattr


def num(value: float) -> str:
    """A coordinate as short, stable text: 12.5, 3, -0.25 (never 12.500000000001)."""
    text = "%.3f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = num(value) if isinstance(value, float | int) else str(value)
        out.append(" %s=%s" % (name, quoteattr(text)))
    return "".join(out)


class Svg:
    """Elements appended in order; `text()` the document. Units are whatever the viewBox says."""

    def __init__(self, width: float, height: float, unit: str = "", title: str = "") -> None:
        self.width = width
        self.height = height
        self.unit = unit  # "mm" for true-size prints; "" for pixels
        self.parts: list = []
        self.defs: list = []
        if title:
            self.parts.append("<title>%s</title>" % escape(title))

    def add(self, tag: str, body: str = "", **attrs) -> None:
        if body:
            self.parts.append("<%s%s>%s</%s>" % (tag, _attrs(attrs), body, tag))
        else:
            self.parts.append("<%s%s/>" % (tag, _attrs(attrs)))

    def rect(self, x, y, w, h, **attrs) -> None:
        self.add("rect", x=x, y=y, width=w, height=h, **attrs)

    def line(self, x1, y1, x2, y2, **attrs) -> None:
        self.add("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def circle(self, cx, cy, r, **attrs) -> None:
        self.add("circle", cx=cx, cy=cy, r=r, **attrs)

    def polyline(self, points, **attrs) -> None:
        text = " ".join("%s,%s" % (num(x), num(y)) for x, y in points)
        self.add("polyline", points=text, fill="none", **attrs)

    def text(self, x, y, content: str, **attrs) -> None:
        self.add("text", escape(content), x=x, y=y, **attrs)

    def open_group(self, **attrs) -> None:
        self.parts.append("<g%s>" % _attrs(attrs))

    def close_group(self) -> None:
        self.parts.append("</g>")

    def document(self) -> str:
        unit = self.unit
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="%s%s" height="%s%s" '
            'viewBox="0 0 %s %s">'
            % (num(self.width), unit, num(self.height), unit, num(self.width), num(self.height))
        )
        lines = ['<?xml version="1.0" encoding="UTF-8"?>', head]
        if self.defs:
            lines.append("<defs>" + "".join(self.defs) + "</defs>")
        lines.extend(self.parts)
        lines.append("</svg>")
        return "\n".join(lines) + "\n"
