package org.raydb.offload.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.raydb.offload.json.JsonNode;

/**
 * A planned statement whose WHERE constants can be replaced without asking DuckDB again: a statement with the
 * same skeleton ({@link SqlLiterals}), the same type class of each replaced literal and the same text of every
 * other literal has this plan, but with the filters its own literals give.
 *
 * <p>Only literals of the aggregating SELECT's WHERE clause are replaced: that clause becomes the offload's
 * filters and is gone from the rewritten statement, so the rewrite, the group keys and the aggregates stay the
 * same. The filters are computed from the clause's parse tree and the new literals ({@link WhereFilters}), not
 * by substituting constants into DuckDB's optimized plan, whose rewrites may hold only for the values it saw.
 * A template is made only where that computation gives exactly the filters DuckDB's plan has for the
 * statement it was made from, and trusted only after one more statement planned in full agreed as well
 * ({@link #confirm}). A new literal that does not convert exactly into its column's type (a value outside the
 * range, a scale DuckDB would round, a date not in ISO form) sends the statement back to full planning.
 */
final class PlanTemplate {

    private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** Literals replaced per statement: their type class ({@code null} = kept: its text is part of the key). */
    private final String[] replacedClass;

    private final String[] keptText;
    /** The aggregating SELECT's WHERE clause as parsed, never changed. */
    private final Object where;
    /** The clause's constants that are replaced, and the index of the literal each one is. */
    private final Map<Object, Integer> slotOf;
    /** The filtered columns' types, by lower-case name. */
    private final Map<String, ColumnType> types;

    private final PlannedQuery model;
    private boolean confirmed;

    private PlanTemplate(
            String[] replacedClass,
            String[] keptText,
            Object where,
            Map<Object, Integer> slotOf,
            Map<String, ColumnType> types,
            PlannedQuery model) {
        this.replacedClass = replacedClass;
        this.keptText = keptText;
        this.where = where;
        this.slotOf = slotOf;
        this.types = types;
        this.model = model;
    }

    /**
     * The template of a statement planned in full, or {@code null} where its filters cannot be computed from
     * its WHERE clause exactly as DuckDB's plan has them.
     *
     * @param where the aggregating SELECT's WHERE clause in the statement's parse tree
     */
    static PlanTemplate of(SqlLiterals literals, Object where, PlannedQuery model) {
        List<SqlLiterals.Literal> lits = literals.literals();
        Map<Object, Integer> slotOf = whereLiterals(lits, where);
        if (slotOf.isEmpty()) {
            return null;
        }
        Map<String, ColumnType> types = new LinkedHashMap<>();
        model.plan().filters().forEach(f -> types.put(f.column().toLowerCase(Locale.ROOT), f.type()));
        String[] replaced = new String[lits.size()];
        String[] kept = new String[lits.size()];
        for (int i = 0; i < lits.size(); i++) {
            kept[i] = lits.get(i).text() + lits.get(i).kind();
        }
        for (int i : slotOf.values()) {
            replaced[i] = lits.get(i).typeClass();
            kept[i] = null;
        }
        PlanTemplate template = new PlanTemplate(replaced, kept, where, slotOf, types, model);
        return samePlan(model.plan(), template.rebind(literals)) ? template : null;
    }

    /** Whether a statement with this template's skeleton is of it: same classes, same kept literals. */
    boolean matches(SqlLiterals literals) {
        List<SqlLiterals.Literal> lits = literals.literals();
        if (lits.size() != keptText.length) {
            return false;
        }
        for (int i = 0; i < lits.size(); i++) {
            SqlLiterals.Literal l = lits.get(i);
            if (replacedClass[i] != null
                    ? !replacedClass[i].equals(l.typeClass())
                    : !keptText[i].equals(l.text() + l.kind())) {
                return false;
            }
        }
        return true;
    }

    boolean confirmed() {
        return confirmed;
    }

    /** The statement this template was made from, planned in full (its rewrite, relation and table). */
    PlannedQuery model() {
        return model;
    }

    /** Trusts the template once the plan it gives another statement equals that statement's full plan. */
    void confirm(SqlLiterals literals, OffloadPlan planned) {
        confirmed = samePlan(planned, rebind(literals));
    }

    /**
     * Whether two plans are the same but for the order of their filters and how they write one set of integer
     * values ({@code < 5} or {@code <= 4}, {@code = 6 OR = 7} or {@code [6, 7]}): DuckDB's plan orders and
     * writes them by where its optimizer put each filter, which can depend on the values.
     */
    static boolean samePlan(OffloadPlan a, OffloadPlan b) {
        if (b == null
                || !a.table().equals(b.table())
                || !a.groups().equals(b.groups())
                || !a.aggregates().equals(b.aggregates())
                || a.filters().size() != b.filters().size()) {
            return false;
        }
        Map<String, ColumnFilter> byColumn = new java.util.HashMap<>();
        b.filters().forEach(f -> byColumn.put(f.column(), f));
        for (ColumnFilter x : a.filters()) {
            ColumnFilter y = byColumn.get(x.column());
            if (y == null
                    || !x.type().equals(y.type())
                    || !canonical(x.values()).equals(canonical(y.values()))) {
                return false;
            }
        }
        return true;
    }

    /** Integer ranges with inclusive bounds, adjacent ones merged; other sets as they are. */
    @SuppressWarnings("unchecked")
    private static ValueSet canonical(ValueSet v) {
        List<ValueSet.Range> out = new ArrayList<>();
        for (ValueSet.Range r : v.ranges()) {
            Object rawLo = r.lo();
            Object rawHi = r.hi();
            if (!(rawLo == null || rawLo instanceof Long) || !(rawHi == null || rawHi instanceof Long)) {
                return v;
            }
            Long lo;
            Long hi;
            try {
                lo = rawLo == null ? null : Math.addExact((Long) rawLo, r.loInclusive() ? 0 : 1);
                hi = rawHi == null ? null : Math.subtractExact((Long) rawHi, r.hiInclusive() ? 0 : 1);
            } catch (ArithmeticException e) {
                return v;
            }
            if (lo != null && hi != null && lo > hi) {
                continue;
            }
            ValueSet.Range last = out.isEmpty() ? null : out.get(out.size() - 1);
            Object lastHi = last == null ? null : last.hi();
            if (last != null && lastHi != null && lo != null && (Long) lastHi >= lo - 1) {
                out.set(
                        out.size() - 1,
                        new ValueSet.Range(
                                last.lo(), last.loInclusive(), (Comparable<Object>) (Object) hi, hi != null));
            } else {
                out.add(new ValueSet.Range(
                        (Comparable<Object>) (Object) lo, lo != null, (Comparable<Object>) (Object) hi, hi != null));
            }
        }
        return new ValueSet(out, v.nullResult());
    }

    /**
     * The plan of a statement of this template, or {@code null} where one of its literals does not convert
     * exactly into its column's type.
     */
    OffloadPlan rebind(SqlLiterals literals) {
        List<SqlLiterals.Literal> lits = literals.literals();
        Map<String, ValueSet> values = WhereFilters.of(where, types, constant -> {
            Integer slot = slotOf.get(constant.map());
            return slot != null ? lits.get(slot) : parsed(constant);
        });
        OffloadPlan plan = model.plan();
        if (values == null || values.size() != plan.filters().size()) {
            return null;
        }
        List<ColumnFilter> filters = new ArrayList<>(plan.filters().size());
        for (ColumnFilter f : plan.filters()) {
            ValueSet v = values.get(f.column().toLowerCase(Locale.ROOT));
            if (v == null) {
                return null;
            }
            filters.add(new ColumnFilter(f.column(), f.type(), v));
        }
        // No joins to carry: a star join is never templated (its WHERE is not the text's), nor is its average
        // form, which is asked of DuckDB per table version when the statement finishes.
        return new OffloadPlan(plan.table(), filters, plan.groups(), plan.aggregates());
    }

    /** A constant the statement shares with every other of the template, as its parse tree states it. */
    private static SqlLiterals.Literal parsed(JsonNode constant) {
        JsonNode literal = constant.obj("literal");
        String text = literal.str("text");
        return switch (literal.str("kind")) {
            case "INTEGER" -> SqlLiterals.numeric(-1, -1, text);
            case "NUMERIC" -> {
                SqlLiterals.Literal l = SqlLiterals.numeric(-1, -1, text);
                yield l.kind() == SqlLiterals.Kind.DECIMAL ? l : null;
            }
            case "STRING" -> new SqlLiterals.Literal(-1, -1, text, SqlLiterals.Kind.STRING, null);
            case "BOOLEAN" -> new SqlLiterals.Literal(-1, -1, text, SqlLiterals.Kind.BOOLEAN, null);
            default -> null;
        };
    }

    /**
     * The WHERE clause's constants that are literals of the text (by {@code query_location}, checked by text),
     * with each one's index. A constant under a cast (DATE '1993-01-01') has no location of its own: the first
     * literal after the cast's is its.
     */
    private static Map<Object, Integer> whereLiterals(List<SqlLiterals.Literal> lits, Object where) {
        Map<Object, Integer> out = new IdentityHashMap<>();
        List<WhereConstant> constants = new ArrayList<>();
        collectConstants(where, null, constants);
        int[] starts = lits.stream().mapToInt(SqlLiterals.Literal::start).toArray(); // ascending
        for (WhereConstant c : constants) {
            int i;
            if (c.at >= 0) {
                i = java.util.Arrays.binarySearch(starts, (int) c.at);
            } else if (c.cast != null) {
                int p = java.util.Arrays.binarySearch(starts, (int) c.cast.at + 1);
                i = p >= 0 ? p : -p - 1;
            } else {
                continue;
            }
            if (i >= 0 && i < lits.size() && lits.get(i).text().equals(c.text)) {
                out.put(c.node, i);
            }
        }
        return out;
    }

    /** A cast in the WHERE clause: where it is. */
    private record Cast(long at) {}

    private record WhereConstant(Object node, long at, String text, Cast cast) {}

    private static void collectConstants(Object node, Cast cast, List<WhereConstant> out) {
        if (node instanceof Map<?, ?> raw) {
            JsonNode n = JsonNode.of(raw);
            if ("CONSTANT".equals(n.str("class")) && n.has("literal")) {
                out.add(new WhereConstant(raw, location(n), n.obj("literal").str("text"), cast));
                return;
            }
            Cast under = "CAST".equals(n.str("class")) ? new Cast(location(n)) : cast;
            for (Map.Entry<?, ?> e : raw.entrySet()) {
                if (!"type_expr".equals(e.getKey())) {
                    collectConstants(e.getValue(), under, out);
                }
            }
        } else if (node instanceof List<?> list) {
            list.forEach(v -> collectConstants(v, cast, out));
        }
    }

    private static long location(JsonNode n) {
        Object at = n.raw("query_location");
        if (at instanceof BigDecimal d && d.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) < 0) {
            return d.longValue();
        }
        return -1;
    }

    private static final BigDecimal MAX_18_DIGITS = new BigDecimal("999999999999999999");

    /**
     * A literal converted to a value of {@code type} as DuckDB's plans state values (integers and unscaled
     * decimals as numbers, dates as days, strings and booleans as themselves), or {@code null} where this does
     * not know DuckDB's conversion or it would not be exact.
     */
    static Object planValue(SqlLiterals.Literal literal, ColumnType type) {
        switch (literal.kind()) {
            case BOOLEAN -> {
                return type.kind() == ColumnType.Kind.BOOLEAN ? Boolean.valueOf(literal.text()) : null;
            }
            case STRING -> {
                if (type.kind() == ColumnType.Kind.VARCHAR) {
                    return literal.text();
                }
                if (type.kind() == ColumnType.Kind.DATE
                        && ISO_DATE.matcher(literal.text()).matches()) {
                    try {
                        return BigDecimal.valueOf(
                                LocalDate.parse(literal.text()).toEpochDay());
                    } catch (DateTimeParseException e) {
                        return null;
                    }
                }
                return null;
            }
            case INTEGER, DECIMAL -> {
                BigDecimal v = literal.number();
                return switch (type.kind()) {
                    case TINYINT -> within(v, 7);
                    case SMALLINT -> within(v, 15);
                    case INTEGER -> within(v, 31);
                    case BIGINT -> within(v, 63);
                    case DECIMAL -> {
                        if (v.scale() > type.scale()) {
                            yield null;
                        }
                        BigDecimal unscaled = v.movePointRight(type.scale()).setScale(0);
                        yield unscaled.abs()
                                                        .compareTo(BigDecimal.TEN
                                                                .pow(type.width())
                                                                .subtract(BigDecimal.ONE))
                                                <= 0
                                        && unscaled.abs().compareTo(MAX_18_DIGITS) <= 0
                                ? unscaled
                                : null;
                    }
                    default -> null;
                };
            }
            default -> {
                return null;
            }
        }
    }

    /** An integer literal as a constant of a signed type of {@code bits} + 1 bits, where it is one. */
    private static BigDecimal within(BigDecimal v, int bits) {
        if (v.scale() > 0) {
            return null;
        }
        BigInteger i = v.toBigIntegerExact();
        return i.bitLength() <= bits ? new BigDecimal(i) : null;
    }
}
