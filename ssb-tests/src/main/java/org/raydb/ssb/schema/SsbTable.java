package org.raydb.ssb.schema;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The five SSB tables with the columns, in order, of the SSB specification and of the reference dbgen's
 * {@code .tbl} files. Money, quantities, keys and dates are INTEGER as in the reference generator (prices in
 * cents; {@code lo_orderdate}, {@code lo_commitdate} and {@code d_datekey} as yyyymmdd); the date flags are
 * INTEGER 0/1.
 */
public enum SsbTable {
    LINEORDER(
            "lineorder",
            "lineorder.tbl",
            List.of(
                    integer("lo_orderkey"),
                    integer("lo_linenumber"),
                    integer("lo_custkey"),
                    integer("lo_partkey"),
                    integer("lo_suppkey"),
                    integer("lo_orderdate"),
                    text("lo_orderpriority"),
                    text("lo_shippriority"),
                    integer("lo_quantity"),
                    integer("lo_extendedprice"),
                    integer("lo_ordtotalprice"),
                    integer("lo_discount"),
                    integer("lo_revenue"),
                    integer("lo_supplycost"),
                    integer("lo_tax"),
                    integer("lo_commitdate"),
                    text("lo_shipmode"))),
    CUSTOMER(
            "customer",
            "customer.tbl",
            List.of(
                    integer("c_custkey"),
                    text("c_name"),
                    text("c_address"),
                    text("c_city"),
                    text("c_nation"),
                    text("c_region"),
                    text("c_phone"),
                    text("c_mktsegment"))),
    SUPPLIER(
            "supplier",
            "supplier.tbl",
            List.of(
                    integer("s_suppkey"),
                    text("s_name"),
                    text("s_address"),
                    text("s_city"),
                    text("s_nation"),
                    text("s_region"),
                    text("s_phone"))),
    PART(
            "part",
            "part.tbl",
            List.of(
                    integer("p_partkey"),
                    text("p_name"),
                    text("p_mfgr"),
                    text("p_category"),
                    text("p_brand1"),
                    text("p_color"),
                    text("p_type"),
                    integer("p_size"),
                    text("p_container"))),
    DATE(
            "date",
            "date.tbl",
            List.of(
                    integer("d_datekey"),
                    text("d_date"),
                    text("d_dayofweek"),
                    text("d_month"),
                    integer("d_year"),
                    integer("d_yearmonthnum"),
                    text("d_yearmonth"),
                    integer("d_daynuminweek"),
                    integer("d_daynuminmonth"),
                    integer("d_daynuminyear"),
                    integer("d_monthnuminyear"),
                    integer("d_weeknuminyear"),
                    text("d_sellingseason"),
                    integer("d_lastdayinweekfl"),
                    integer("d_lastdayinmonthfl"),
                    integer("d_holidayfl"),
                    integer("d_weekdayfl")));

    private final String sqlName;
    private final String tblFile;
    private final List<Column> columns;

    SsbTable(String sqlName, String tblFile, List<Column> columns) {
        this.sqlName = sqlName;
        this.tblFile = tblFile;
        this.columns = columns;
    }

    /** The table's name in SQL; {@code date} is a keyword, so callers quote it through {@link #quoted()}. */
    public String sqlName() {
        return sqlName;
    }

    /** The name as an SQL identifier, double-quoted. */
    public String quoted() {
        return '"' + sqlName + '"';
    }

    /** The reference dbgen's file name for this table. */
    public String tblFile() {
        return tblFile;
    }

    public List<Column> columns() {
        return columns;
    }

    public String createSql() {
        return "CREATE TABLE " + quoted() + " ("
                + columns.stream().map(Column::definition).collect(Collectors.joining(", ")) + ")";
    }

    private static Column integer(String name) {
        return new Column(name, "INTEGER");
    }

    private static Column text(String name) {
        return new Column(name, "VARCHAR");
    }
}
