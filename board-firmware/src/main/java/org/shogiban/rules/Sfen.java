package org.shogiban.rules;

/** Reads and writes SFEN (board, side to move, hands, move number). */
public final class Sfen {
    /** The even-game (平手) start position. */
    static final String STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    private Sfen() {
    }

    /** Parses SFEN into a fresh board and returns the move number (1 when the text leaves it out). */
    static int parse(String text, Mailbox board) {
        if (text == null || text.isBlank()) {
            throw new NotationException("empty SFEN");
        }
        String[] fields = text.trim().split("\\s+");
        if (fields.length < 3 || fields.length > 4) {
            throw new NotationException("SFEN " + cut(text) + " has " + fields.length
                    + " fields; expected board, side to move, hands and move number");
        }
        parseBoard(text, fields[0], board);
        board.side = switch (fields[1]) {
            case "b" -> 0;
            case "w" -> 1;
            default -> throw new NotationException("SFEN " + cut(text) + ": side to move is '" + fields[1]
                    + "', expected b or w");
        };
        parseHands(text, fields[2], board);
        int moveNumber = 1;
        if (fields.length == 4) {
            try {
                moveNumber = Integer.parseInt(fields[3]);
            } catch (NumberFormatException e) {
                moveNumber = 0;
            }
            if (moveNumber < 1) {
                throw new NotationException("SFEN " + cut(text) + ": move number '" + fields[3]
                        + "' is not a positive integer");
            }
        }
        validate(text, board);
        return moveNumber;
    }

    private static void parseBoard(String text, String field, Mailbox board) {
        String[] ranks = field.split("/", -1);
        if (ranks.length != 9) {
            throw new NotationException("SFEN " + cut(text) + ": the board has " + ranks.length
                    + " ranks separated by '/', expected 9");
        }
        for (int r = 0; r < 9; r++) {
            int col = 0;
            boolean promoted = false;
            boolean afterDigit = false;
            for (int i = 0; i < ranks[r].length(); i++) {
                char c = ranks[r].charAt(i);
                if (c >= '1' && c <= '9' && !promoted) {
                    if (afterDigit) {
                        // '45' is not 9 empty squares: each run of empty squares is one digit
                        throw new NotationException(where(text, r, ranks[r]) + ": two digits in a row at character " + (i + 1)
                                + "; a run of empty squares is one digit");
                    }
                    afterDigit = true;
                    col += c - '0';
                    if (col > 9) {
                        throw new NotationException(where(text, r, ranks[r]) + " has more than 9 squares");
                    }
                    continue;
                } else if (c == '+' && !promoted) {
                    promoted = true;
                    continue;
                } else {
                    PieceType kind = PieceType.fromLetter(Character.toUpperCase(c));
                    if (kind == null || !Character.isLetter(c)) {
                        throw new NotationException(where(text, r, ranks[r]) + ": '" + c + "' at character " + (i + 1)
                                + " is not a piece letter (K R B G S N L P, lower case for gote) or digit");
                    }
                    if (promoted) {
                        if (!kind.canPromote()) {
                            throw new NotationException(where(text, r, ranks[r]) + ": '+" + c + "' — " + kind + " cannot be promoted");
                        }
                        kind = kind.promoted();
                    }
                    if (col >= 9) {
                        throw new NotationException(where(text, r, ranks[r]) + " has more than 9 squares");
                    }
                    board.put(r * 9 + col, Piece.code(Character.isUpperCase(c) ? Side.SENTE : Side.GOTE, kind));
                    col++;
                }
                promoted = false;
                afterDigit = false;
                if (col > 9) {
                    throw new NotationException(where(text, r, ranks[r]) + " has more than 9 squares");
                }
            }
            if (promoted) {
                throw new NotationException("SFEN " + cut(text) + ": rank " + (char) ('a' + r)
                        + " ends with '+' and no piece");
            }
            if (col != 9) {
                throw new NotationException("SFEN " + cut(text) + ": rank " + (char) ('a' + r) + " (" + cut(ranks[r])
                        + ") has " + col + " squares, expected 9");
            }
        }
    }

    /** Where in an SFEN an error is, quoting the text cut to 80 characters (a bad line may be megabytes long). */
    private static String where(String text, int rank, String rankText) {
        return "SFEN " + cut(text) + ": rank " + (char) ('a' + rank) + " (" + cut(rankText) + ")";
    }

    private static String cut(String s) {
        return "'" + (s.length() <= 80 ? s : s.substring(0, 77) + "...") + "'";
    }

    private static void parseHands(String text, String field, Mailbox board) {
        if (field.equals("-")) {
            return;
        }
        int count = -1;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (Character.isDigit(c)) {
                count = (count < 0 ? 0 : count * 10) + (c - '0');
                if (count > 18) {
                    throw new NotationException("SFEN " + cut(text) + ": hand count in " + cut(field) + " exceeds 18");
                }
                continue;
            }
            PieceType kind = PieceType.fromLetter(Character.toUpperCase(c));
            if (kind == null || kind == PieceType.KING || !Character.isLetter(c)) {
                throw new NotationException("SFEN " + cut(text) + ": hands " + cut(field) + ": '" + c + "' at character "
                        + (i + 1) + " is not a piece that can be in hand (R B G S N L P, lower case for gote)");
            }
            if (count == 0) {
                throw new NotationException("SFEN " + cut(text) + ": hands " + cut(field) + " has a count of 0");
            }
            int side = Character.isUpperCase(c) ? 0 : 1;
            board.hands[side][kind.handIndex()] += count < 0 ? 1 : count;
            count = -1;
        }
        if (count >= 0) {
            throw new NotationException("SFEN " + cut(text) + ": hands " + cut(field) + " end with a count and no piece");
        }
    }

    private static void validate(String text, Mailbox board) {
        int[] kings = new int[2];
        for (int sq = 0; sq < 81; sq++) {
            int code = board.squares[sq];
            if (code == 0) {
                continue;
            }
            // a piece that could never move (a pawn on its last rank) is kept: tsume problems set such positions
            if (Geometry.typeOrdinal(code) == 7) {
                kings[Geometry.side(code)]++;
            }
        }
        for (int s = 0; s < 2; s++) {
            if (kings[s] > 1) {
                throw new NotationException("SFEN " + cut(text) + ": " + Side.values()[s].label() + " has "
                        + kings[s] + " kings");
            }
        }
        int resting = board.side ^ 1;
        if (board.kings[resting] >= 0 && board.isAttacked(board.kings[resting], board.side)) {
            throw new NotationException("SFEN " + cut(text) + ": the side not to move ("
                    + Side.values()[resting].label() + ") is in check");
        }
    }

    /**
     * SFEN text of any arrangement, valid or not: pieces on 81 squares in SFEN index order (null for empty), each
     * side's hand as counts in {@link PieceType#HAND_KINDS} order, the side to move and the move number.
     */
    public static String format(Piece[] squares, int[][] hands, Side sideToMove, int moveNumber) {
        if (squares.length != 81 || hands.length != 2) {
            throw new IllegalArgumentException("SFEN needs 81 squares and 2 hands");
        }
        Mailbox board = new Mailbox();
        for (int sq = 0; sq < 81; sq++) {
            board.squares[sq] = squares[sq] == null ? 0 : squares[sq].code();
        }
        for (int s = 0; s < 2; s++) {
            System.arraycopy(hands[s], 0, board.hands[s], 0, 7);
        }
        board.side = sideToMove.ordinal();
        return write(board, moveNumber);
    }

    /** Writes the board, side to move, hands and move number. */
    static String write(Mailbox board, int moveNumber) {
        return writeWithoutMoveNumber(board) + " " + moveNumber;
    }

    /** Board, side and hands only: the identity of a position for repetition. */
    static String writeWithoutMoveNumber(Mailbox board) {
        StringBuilder sb = new StringBuilder(96);
        for (int r = 0; r < 9; r++) {
            int empty = 0;
            for (int c = 0; c < 9; c++) {
                int code = board.squares[r * 9 + c];
                if (code == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.fromCode(code).sfen());
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (r < 8) {
                sb.append('/');
            }
        }
        sb.append(' ').append(board.side == 0 ? 'b' : 'w').append(' ');
        int before = sb.length();
        // SFEN hand order: rook, bishop, gold, silver, knight, lance, pawn; sente first
        for (int s = 0; s < 2; s++) {
            for (int i = 6; i >= 0; i--) {
                int n = board.hands[s][i];
                if (n > 0) {
                    if (n > 1) {
                        sb.append(n);
                    }
                    char letter = PieceType.HAND_KINDS[i].letter();
                    sb.append(s == 0 ? letter : Character.toLowerCase(letter));
                }
            }
        }
        if (sb.length() == before) {
            sb.append('-');
        }
        return sb.toString();
    }
}
