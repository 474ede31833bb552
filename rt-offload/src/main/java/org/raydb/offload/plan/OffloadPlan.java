package org.raydb.offload.plan;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The offloadable part of a query: an aggregation over one base table with conjunctive single-column
 * filters, as matched in DuckDB's optimized plan. In a star join the table is the fact table, and the
 * dimensions' columns it reads are {@link VirtualColumn}s of it, reached through {@code joins}.
 *
 * @param askedAverage the form DuckDB's plan gives the AVGs whose form its statistics decide ({@link
 *     AverageForm#of} {@code null}), as asked for one table version ({@link AverageProbe}); {@code null} until
 *     asked, and where no AVG needs it
 * @param shape what the structures a plan's job needs depend on, its constants aside: the filtered columns (their
 *     dictionaries), the group keys (their codes) and the aggregates (their measures); plans of one shape differ
 *     only in the intervals they select. Derived from the other components whatever is passed (the other
 *     constructors pass {@code null}), once per plan: a repeated query looks its shape up three times, and
 *     built its sets, lists and strings anew at each.
 */
public record OffloadPlan(
        TableRef table,
        List<ColumnFilter> filters,
        List<GroupKey> groups,
        List<Aggregate> aggregates,
        List<DimensionJoin> joins,
        AverageForm askedAverage,
        Object shape) {

    public OffloadPlan {
        joins = List.copyOf(joins);
        shape = List.of(
                new java.util.TreeSet<>(
                        filters.stream().map(ColumnFilter::column).toList()),
                groups.stream().map(GroupKey::column).toList(),
                aggregates.stream().map(Aggregate::canonical).toList());
    }

    public OffloadPlan(
            TableRef table,
            List<ColumnFilter> filters,
            List<GroupKey> groups,
            List<Aggregate> aggregates,
            List<DimensionJoin> joins,
            AverageForm askedAverage) {
        this(table, filters, groups, aggregates, joins, askedAverage, null);
    }

    public OffloadPlan(
            TableRef table,
            List<ColumnFilter> filters,
            List<GroupKey> groups,
            List<Aggregate> aggregates,
            List<DimensionJoin> joins) {
        this(table, filters, groups, aggregates, joins, null);
    }

    /** An aggregation over the table alone. */
    public OffloadPlan(TableRef table, List<ColumnFilter> filters, List<GroupKey> groups, List<Aggregate> aggregates) {
        this(table, filters, groups, aggregates, List.of());
    }

    /** Whether it counts distinct values: then its last group key is the counted column, not one of the query's. */
    public boolean countsDistinct() {
        return aggregates.stream().anyMatch(a -> a.function() == AggregateFunction.COUNT_DISTINCT);
    }

    /** The query's own group keys: {@link #groups} but for a COUNT(DISTINCT)'s column, which jobs group by too. */
    public List<GroupKey> keys() {
        return countsDistinct() ? groups.subList(0, groups.size() - 1) : groups;
    }

    /**
     * The aggregates a job computes: a COUNT(DISTINCT) counts the rows of each group of the keys and its column
     * (the result counts the groups).
     */
    public List<Aggregate> jobAggregates() {
        if (!countsDistinct()) return aggregates;
        return aggregates.stream()
                .map(a -> a.function() == AggregateFunction.COUNT_DISTINCT
                        ? new Aggregate(AggregateFunction.COUNT_STAR, null, a.resultType())
                        : a)
                .toList();
    }

    /** Whether an AVG's form depends on column statistics, so that DuckDB must be asked for it per table version. */
    public boolean asksAverage() {
        return aggregates.stream()
                .anyMatch(a -> a.function() == AggregateFunction.AVG && AverageForm.of(groups, aggregates, a) == null);
    }

    /** This plan with the asked form of its statistics-decided AVGs. */
    public OffloadPlan withAskedAverage(AverageForm form) {
        return new OffloadPlan(table, filters, groups, aggregates, joins, form);
    }

    /**
     * Every column the offload reads with its type; a join's foreign key too, which its virtual columns are
     * gathered through, a derived group key's or CASE gate's source, and the two columns a comparison compares.
     */
    public java.util.Map<String, ColumnType> columnTypes() {
        java.util.Map<String, ColumnType> out = new java.util.LinkedHashMap<>();
        joins.forEach(j -> out.put(j.foreignKey(), j.keyType()));
        for (GroupKey g : groups) {
            DerivedColumn d = DerivedColumn.parse(g.column());
            if (d != null) out.putIfAbsent(d.source(), d.sourceType()); // computed from it
        }
        for (ColumnFilter f : filters) {
            ColumnComparison c = ColumnComparison.parse(f.column());
            if (c != null) {
                out.putIfAbsent(c.left(), c.leftType());
                out.putIfAbsent(c.right(), c.rightType());
            }
        }
        filters.forEach(f -> out.put(f.column(), f.type()));
        groups.forEach(g -> out.put(g.column(), g.type()));
        for (Aggregate a : aggregates) {
            if (a.argument() != null) {
                collect(a.argument(), out);
            }
        }
        return out;
    }

    /** Whether it reads a column DuckDB computes by an expression as the table loads (a derived key, a row column). */
    public boolean computesColumns() {
        return columnTypes().keySet().stream()
                .anyMatch(c -> DerivedColumn.parse(c) != null || RowColumn.parse(c) != null);
    }

    private static void collect(Expr e, java.util.Map<String, ColumnType> out) {
        if (e instanceof Expr.Column c) {
            out.put(c.name(), c.type());
        } else if (e instanceof Expr.Arith a) {
            collect(a.left(), out);
            collect(a.right(), out);
        } else if (e instanceof Expr.Cast c) {
            collect(c.child(), out);
        } else if (e instanceof Expr.Case c) {
            DerivedColumn d = DerivedColumn.parse(c.gate());
            if (d != null) out.putIfAbsent(d.source(), d.sourceType()); // computed from it
            out.put(c.gate(), ColumnType.of(ColumnType.Kind.BOOLEAN));
            collect(c.then(), out);
            if (c.otherwise() != null) collect(c.otherwise(), out);
        }
    }

    /** Every column the offload reads, filters first, then group keys, then measures. */
    public Set<String> columns() {
        Set<String> out = new LinkedHashSet<>();
        filters.forEach(f -> out.add(f.column()));
        groups.forEach(g -> out.add(g.column()));
        for (Aggregate a : aggregates) {
            if (a.argument() != null) {
                a.argument().collectColumns(out);
            }
        }
        return out;
    }
}
