package org.raydb.offload.engine;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import org.raydb.offload.column.ColumnData;
import org.raydb.offload.encode.FixedPointDecimal;
import org.raydb.offload.plan.ColumnType;
import org.raydb.offload.plan.Expr;
import org.raydb.offload.plan.NotQualified;

/**
 * A measure expression compiled for exact evaluation per row: values are 64-bit integers at the expression's
 * decimal scale, and every step checks DuckDB's result-type range, so a value DuckDB would reject with an
 * overflow error makes the offload fall back instead of answering differently ({@link ArithmeticException}).
 */
public final class MeasureProgram {

    private interface Node {
        long eval(int row);
    }

    private interface Nulls {
        boolean isNull(int row);
    }

    private final Node root;
    private final Nulls nulls;
    private final ColumnType type;

    private MeasureProgram(Node root, Nulls nulls, ColumnType type) {
        this.root = root;
        this.nulls = nulls;
        this.type = type;
    }

    public static MeasureProgram compile(Expr expr, Function<String, ColumnData> columns) throws NotQualified {
        return new MeasureProgram(node(expr, columns), nulls(expr, columns), expr.type());
    }

    /** The expression's type (its values are unscaled at {@code type().numericScale()}). */
    public ColumnType type() {
        return type;
    }

    /** SQL NULL: any NULL input makes the value NULL, except in a CASE branch not taken. */
    public boolean isNull(int row) {
        return nulls.isNull(row);
    }

    /** The value of a non-NULL row. */
    public long eval(int row) {
        return root.eval(row);
    }

    private static Nulls nulls(Expr e, Function<String, ColumnData> columns) {
        return switch (e) {
            case Expr.Column c -> columns.apply(c.name())::isNull;
            case Expr.Constant k -> row -> false;
            case Expr.Cast c -> nulls(c.child(), columns);
            case Expr.Arith a -> {
                Nulls l = nulls(a.left(), columns);
                Nulls r = nulls(a.right(), columns);
                yield row -> l.isNull(row) || r.isNull(row);
            }
            case Expr.Case c -> {
                ColumnData gate = columns.apply(c.gate());
                Nulls then = nulls(c.then(), columns);
                Nulls otherwise = c.otherwise() == null ? row -> true : nulls(c.otherwise(), columns);
                yield row -> taken(gate, row) ? then.isNull(row) : otherwise.isNull(row);
            }
        };
    }

    /** Whether a CASE's WHEN holds on {@code row}: its gate is TRUE (not FALSE, not NULL). */
    private static boolean taken(ColumnData gate, int row) {
        return !gate.isNull(row) && gate.longAt(row) != 0;
    }

    private static Node node(Expr e, Function<String, ColumnData> columns) throws NotQualified {
        if (e instanceof Expr.Column c) {
            ColumnData data = columns.apply(c.name());
            if (data.isString()) {
                // A VARCHAR argument is COUNT's (only its NULLs matter) or MIN's and MAX's: its code into the
                // column's dictionary, which is in UTF-8 byte order, DuckDB's order of strings.
                int[] codes = data.stringCodes();
                return row -> codes[row];
            }
            return data::longAt;
        }
        if (e instanceof Expr.Constant k) {
            long v = k.value().movePointRight(scale(k.type())).longValueExact();
            return row -> v;
        }
        if (e instanceof Expr.Case c) {
            ColumnData gate = columns.apply(c.gate());
            Node then = rescaled(c.then(), c.type(), columns);
            Node otherwise = c.otherwise() == null ? row -> 0 : rescaled(c.otherwise(), c.type(), columns);
            return row -> taken(gate, row) ? then.eval(row) : otherwise.eval(row);
        }
        if (e instanceof Expr.Cast cast) {
            Node child = node(cast.child(), columns);
            int from = scale(cast.child().type());
            int to = scale(cast.type());
            Range range = Range.of(cast.type());
            return row -> range.check(FixedPointDecimal.rescale(child.eval(row), from, to));
        }
        Expr.Arith a = (Expr.Arith) e;
        Node l = node(a.left(), columns);
        Node r = node(a.right(), columns);
        int ls = scale(a.left().type());
        int rs = scale(a.right().type());
        int out = scale(a.type());
        Range range = Range.of(a.type());
        switch (a.op()) {
            case '+':
            case '-':
                if (ls > out || rs > out) {
                    throw new NotQualified("decimal " + a.op() + " that rounds");
                }
                boolean plus = a.op() == '+';
                return row -> {
                    long x = FixedPointDecimal.rescale(l.eval(row), ls, out);
                    long y = FixedPointDecimal.rescale(r.eval(row), rs, out);
                    return range.check(plus ? Math.addExact(x, y) : Math.subtractExact(x, y));
                };
            default:
                if (ls + rs != out) {
                    throw new NotQualified("decimal multiplication with result scale " + out);
                }
                return row -> range.check(Math.multiplyExact(l.eval(row), r.eval(row)));
        }
    }

    /** A CASE branch at the CASE's type (the binder casts branches to it; a branch it left alone keeps its scale). */
    private static Node rescaled(Expr branch, ColumnType to, Function<String, ColumnData> columns) throws NotQualified {
        Node child = node(branch, columns);
        int from = scale(branch.type());
        int target = scale(to);
        if (from == target) return child;
        Range range = Range.of(to);
        return row -> range.check(FixedPointDecimal.rescale(child.eval(row), from, target));
    }

    private static int scale(ColumnType t) {
        return t.numericScale();
    }

    /** The value range of a DuckDB numeric type, for its overflow errors. */
    private record Range(long min, long max) {
        static Range of(ColumnType t) {
            if (t.kind() == ColumnType.Kind.HUGEINT) {
                return new Range(Long.MIN_VALUE, Long.MAX_VALUE);
            }
            BigInteger max = t.maxMagnitude();
            BigInteger min = t.minValue();
            long hi = max.bitLength() < 64 ? max.longValue() : Long.MAX_VALUE;
            long lo = min.bitLength() < 64 ? min.longValue() : Long.MIN_VALUE;
            return new Range(lo, hi);
        }

        long check(long v) {
            if (v < min || v > max) {
                throw new ArithmeticException("value out of range of the expression's type");
            }
            return v;
        }
    }

    /** Compiles the arguments of a list of aggregates ({@code null} entries stay null). */
    public static MeasureProgram[] compileAll(List<Expr> args, Function<String, ColumnData> columns)
            throws NotQualified {
        MeasureProgram[] out = new MeasureProgram[args.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = args.get(i) == null ? null : compile(args.get(i), columns);
        }
        return out;
    }
}
