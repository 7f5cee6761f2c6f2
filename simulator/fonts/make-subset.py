#!/usr/bin/env python3
"""Cuts the pages' fonts out of Noto Sans CJK JP (SIL Open Font License 1.1): the board's page's,
simulator/src/main/resources/org/shogiban/simulator/web/shogiban-ja.woff, and the hall's arbiter page's,
board-firmware/src/main/resources/org/shogiban/hall/shogiban-ja.woff; each holds only the glyphs its page can show
(every character of its message tables, its files and the kifu words), renamed "ShogiBan JA" as the OFL asks of a
modified font. Run at development time,
after editing the message tables, from the repository root:

    apt-get install fonts-noto-cjk python3-fonttools
    python3 simulator/fonts/make-subset.py [path/to/NotoSansCJK-Regular.ttc]

The result and OFL.txt are committed; nothing is fetched when the board runs.
"""
import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

WEB = pathlib.Path("simulator/src/main/resources/org/shogiban/simulator/web")
HALL = pathlib.Path("board-firmware/src/main/resources/org/shogiban/hall")
PAGES = {WEB: ["board.js", "index.html"], HALL: ["hall.js", "hall.html"]}
SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# what the board's log and console write besides the tables: kifu words (☗７六歩, ☖同銀, ▲, 打, 成, 不成, ...)
KIFU = ("☗☖▲△　０１２３４５６７８９一二三四五六七八九十玉王飛角金銀桂香歩龍竜馬全圭杏と成不打同上引寄直左右行"
        "手番先後下上持ち時間秒読み回数加算考慮平香落右角飛車二枚四六八十三五左七の勝負投了詰千日反則切れ入宣言まで")


def characters(page):
    chars = set(KIFU)
    for path in sorted(page.glob("messages_*.json")) + [page / f for f in PAGES[page]]:
        chars.update(path.read_text(encoding="utf-8"))
    chars.update(chr(c) for c in range(0x20, 0x7F))
    return "".join(sorted(c for c in chars if c.isprintable()))


def main():
    for page in PAGES:
        cut(page)


def cut(page):
    font = TTCollection(SOURCE).fonts[0]          # index 0 is Noto Sans CJK JP
    options = subset.Options()
    options.flavor = "woff"
    options.name_IDs = []
    options.layout_features = ["*"]
    options.hinting = False
    sub = subset.Subsetter(options)
    sub.populate(text=characters(page))
    sub.subset(font)
    name = font["name"]
    name.names = []
    for name_id, value in {0: "Copyright 2014-2021 Adobe (http://www.adobe.com/). Subset for ShogiBan.",
                           1: "ShogiBan JA", 2: "Regular", 3: "ShogiBan JA subset of Noto Sans CJK JP",
                           4: "ShogiBan JA", 5: "Version 1.0", 6: "ShogiBanJA-Regular",
                           13: "SIL Open Font License 1.1 (see OFL.txt)",
                           14: "https://openfontlicense.org"}.items():
        name.setName(value, name_id, 3, 1, 0x409)
    font.flavor = "woff"
    out = page / "shogiban-ja.woff"
    font.save(str(out))
    print(f"{out}: {out.stat().st_size} bytes, {len(characters(page))} characters")


if __name__ == "__main__":
    main()
