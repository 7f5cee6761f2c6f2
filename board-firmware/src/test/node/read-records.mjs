// Reads game records with tsshogi (ShogiHome's library), an independent reader for IndependentReaderTest.
// Usage: node read-records.mjs FILE...   (or the paths one per line on stdin)
// The format follows the file's extension: .kif (Shift_JIS) and .kifu: KIF; .ki2 (Shift_JIS) and .ki2u: KI2;
// .csa: CSA; .jkf: JKF; .usi and .sfen: a USI position line or an SFEN.
// Prints one JSON line per file, in order:
//   {"file":..., "moves":["7g7f",...], "special":"resign"|null, "sfen":"<board> <side> <hands>",
//    "time":{"both":..., "sente":..., "gote":...}}   (the time limits as tsshogi reads them, null when absent)
//   {"file":..., "error":"..."}   when tsshogi refuses the file.
import { readFileSync } from "node:fs";
import { Move, Record, RecordMetadataKey, importCSA, importJKFString, importKI2, importKIF } from "tsshogi";

function decode(file) {
  const bytes = readFileSync(file);
  const sjis = file.endsWith(".kif") || file.endsWith(".ki2");
  return new TextDecoder(sjis ? "shift_jis" : "utf-8").decode(bytes);
}

function importRecord(file, text) {
  if (file.endsWith(".kif") || file.endsWith(".kifu")) return importKIF(text);
  if (file.endsWith(".ki2") || file.endsWith(".ki2u")) return importKI2(text);
  if (file.endsWith(".csa")) return importCSA(text);
  if (file.endsWith(".jkf")) return importJKFString(text);
  if (file.endsWith(".usi")) return Record.newByUSI(text.trim());
  // a bare SFEN is a position; tsshogi reads it as the USI line "sfen <SFEN>"
  if (file.endsWith(".sfen")) return Record.newByUSI(text.trim().startsWith("sfen ") ? text.trim() : "sfen " + text.trim());
  return new Error("unknown extension");
}

function read(file) {
  let record;
  try {
    record = importRecord(file, decode(file));
  } catch (e) {
    return { file, error: String(e) };
  }
  if (record instanceof Error) {
    return { file, error: record.message || String(record) };
  }
  const moves = [];
  let special = null;
  for (const node of record.moves) {
    if (node.move instanceof Move) {
      moves.push(node.move.usi);
    } else if (node.move.type !== "start") {
      special = node.move.type === "any" ? node.move.name : node.move.type;
    }
  }
  record.goto(Number.MAX_SAFE_INTEGER);
  const sfen = record.position.sfen.split(" ").slice(0, 3).join(" ");
  const meta = (key) => record.metadata.getStandardMetadata(key) ?? null;
  const time = { both: meta(RecordMetadataKey.TIME_LIMIT), sente: meta(RecordMetadataKey.BLACK_TIME_LIMIT),
    gote: meta(RecordMetadataKey.WHITE_TIME_LIMIT) };
  return { file, moves, special, sfen, time };
}

const args = process.argv.slice(2);
const files = args.length > 0 ? args
    : readFileSync(0, "utf-8").split(/\r?\n/).filter((line) => line.length > 0);
const out = [];
for (const file of files) {
  out.push(JSON.stringify(read(file)));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));
