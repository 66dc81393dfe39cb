"""Writes the card faces of the web client (sixtysix/web/cards/) from the two decks they come from.

    npm pack @heruka_urgyen/react-playing-cards@0.5.0          # French: Adrian Kennard's, CC0
    apt-get download kdegames-card-data-kf5                      # German: XSkat German, GPL-2+
    dpkg-deb -x kdegames-card-data-kf5_*.deb kde
    tar xzf heruka_urgyen-react-playing-cards-0.5.0.tgz
    python scripts/import_cards.py package/src/images/2color \\
        kde/usr/share/carddecks/svg-xskat-german/german.svgz

docs/cards.md says where each deck comes from, under which licence, and what this script changes.
The French faces are copied as they are; the German deck is one Inkscape sheet of 53 cards, which
this script cuts into one file per card (each with only the shapes and gradients it uses, the
editor's own attributes dropped) so that a browser fetches and caches the 32 it needs one by one.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

RANKS = "AKQJT987"
SUITS = "CDHS"
OUT = Path(__file__).resolve().parent.parent / "sixtysix" / "web" / "cards"

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
HREF = f"{{{XLINK_NS}}}href"
# The XSkat sheet names cards "<rank>_<suit>" in French words; records.md §1 maps the German suits
# onto the French letters: acorns = clubs, leaves = spades, hearts, bells = diamonds.
XSKAT_RANK = {"A": "1", "K": "king", "Q": "queen", "J": "jack", "T": "10", "9": "9", "8": "8",
              "7": "7"}
XSKAT_SUIT = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
# Every card of the sheet is drawn at the origin, 144 wide; its outline is 223.6 high.
XSKAT_VIEWBOX = "0 0 144 223.6"
REF = re.compile(r"url\(#([^)]+)\)")
# Inkscape writes 0.15000001 for 0.15: three decimals are a thousandth of a pixel at the card's size.
LONG_NUMBER = re.compile(r"-?\d+\.\d{4,}")


def codes() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def import_french(src: Path) -> None:
    out = OUT / "fr"
    out.mkdir(parents=True, exist_ok=True)
    for code in codes():
        shutil.copyfile(src / f"{code}.svg", out / f"{code}.svg")


def _refs(el: ET.Element) -> set[str]:
    """The ids that el and its descendants point at (href="#x", url(#x))."""
    found: set[str] = set()
    for e in el.iter():
        for name, value in e.attrib.items():
            if name in (HREF, "href") and value.startswith("#"):
                found.add(value[1:])
            found.update(REF.findall(value))
    return found


def _clean(el: ET.Element) -> ET.Element:
    """A copy of el without the editor's attributes (Inkscape's, Sodipodi's) nor the sheet-sized
    width/height that every <use> of the sheet carries."""
    copy = ET.Element(el.tag, {k: v for k, v in el.attrib.items()
                               if not k.startswith("{http://www.inkscape.org")
                               and not k.startswith("{http://sodipodi")
                               and not (el.tag == f"{{{SVG_NS}}}use" and k in ("width", "height"))})
    copy.text, copy.tail = el.text, el.tail
    copy.extend(_clean(child) for child in el if not child.tag.startswith(
        ("{http://www.inkscape.org", "{http://sodipodi")))
    return copy


def _inside(e: ET.Element, kept: set[ET.Element], parent: dict[ET.Element, ET.Element]) -> bool:
    p = parent.get(e)
    while p is not None:
        if p in kept:
            return True
        p = parent.get(p)
    return False


def _short(m: re.Match[str]) -> str:
    """A number to three decimals, written as CSS and SVG both read it (no "1." nor "-0")."""
    text = f"{float(m.group()):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def import_german(sheet: Path) -> None:
    root = ET.fromstring(gzip.decompress(sheet.read_bytes()) if sheet.suffix == ".svgz"
                         else sheet.read_bytes())
    parent = {child: p for p in root.iter() for child in p}
    by_id = {e.attrib["id"]: e for e in root.iter() if "id" in e.attrib}
    order = {e: i for i, e in enumerate(root.iter())}
    out = OUT / "de"
    out.mkdir(parents=True, exist_ok=True)
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    for code in codes():
        card_id = f"{XSKAT_RANK[code[0]]}_{XSKAT_SUIT[code[1]]}"
        # Everything the card uses, transitively.
        need, todo = set(), [card_id]
        while todo:
            i = todo.pop()
            if i in need or i not in by_id:
                continue
            need.add(i)
            todo.extend(_refs(by_id[i]))
        elements = {by_id[i] for i in need}
        # An element inside another that is kept comes with it: copied twice, its id would clash.
        tops = sorted((e for e in elements if not _inside(e, elements, parent)), key=order.__getitem__)
        svg = ET.Element(f"{{{SVG_NS}}}svg", {"viewBox": XSKAT_VIEWBOX, "preserveAspectRatio": "none"})
        defs = ET.SubElement(svg, f"{{{SVG_NS}}}defs")
        defs.extend(_clean(e) for e in tops)
        ET.SubElement(svg, f"{{{SVG_NS}}}use", {HREF: f"#{card_id}"})
        used = _refs(svg)
        for e in svg.iter():
            if e.attrib.get("id") not in used:
                e.attrib.pop("id", None)
        text = ET.tostring(svg, encoding="unicode")
        text = re.sub(r">\s+<", "><", text)  # the sheet's indentation: a third of its bytes
        text = LONG_NUMBER.sub(_short, text)
        (out / f"{code}.svg").write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("french", type=Path, help="the 2color folder of @heruka_urgyen/react-playing-cards")
    ap.add_argument("german", type=Path, help="german.svgz of the XSkat German deck (KDE carddecks)")
    args = ap.parse_args(argv)
    missing = [str(p) for p in (args.french, args.german) if not p.exists()]
    if missing:
        print(f"import_cards: not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    import_french(args.french)
    import_german(args.german)
    return 0


if __name__ == "__main__":
    sys.exit(main())
