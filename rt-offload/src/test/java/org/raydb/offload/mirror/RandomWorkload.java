package org.raydb.offload.mirror;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * A seeded random stream of statements over two connections of the mirrored databases: writes of every kind
 * (INSERT, RETURNING, UPDATE, DELETE, COPY, multi-statement strings, PREPARE/EXECUTE, through the unwrapped
 * DuckDB connection and its appender, and session changes through it), transactions by SQL and by JDBC, DDL, temp tables shadowing main
 * ones, search_path, an attached database made current with USE, and the second connection writing while
 * the first holds a snapshot, connections closed and opened again; between them the aggregations the offload
 * answers.
 */
final class RandomWorkload {

    private enum Transaction {
        NONE,
        SQL,
        JDBC
    }

    private static final List<String> NAMES = List.of("t0", "t1", "t2");
    private static final int MAIN = 0;
    private static final int OTHER = 1;

    private final MirroredDatabases m;
    private final Random r;
    private final Path csvFolder;
    private TableCatalog catalog = new TableCatalog(List.of());
    private Transaction transaction = Transaction.NONE;
    private String mainDatabase;
    private int nextId;
    private int csvFiles;

    RandomWorkload(MirroredDatabases m, long seed, Path csvFolder) {
        this.m = m;
        this.r = new Random(seed);
        this.csvFolder = csvFolder;
    }

    void run(int steps) throws SQLException {
        m.connect();
        m.connect();
        m.sameSettings(MAIN);
        mainDatabase = (String)
                m.read(MAIN, "SELECT current_database()", true).rows().get(0).get(0);
        for (String name : NAMES.subList(0, 2)) {
            createTable(name);
        }
        refresh();
        for (int i = 0; i < steps; i++) {
            step();
        }
        if (transaction != Transaction.NONE) {
            endTransaction(true);
        }
        for (TableCatalog.Table t : catalog.tables()) {
            m.read(MAIN, "SELECT * FROM " + t.qualified(), false);
        }
        m.sameSettings(MAIN);
        m.sameSettings(OTHER);
        m.sameFunctions(MAIN);
        m.finish();
    }

    private void step() throws SQLException {
        // Transactions stay short: the offload declines every query inside one, so long ones would leave it
        // little to answer.
        if (transaction != Transaction.NONE && r.nextInt(3) == 0) {
            endTransaction(r.nextBoolean());
            return;
        }
        int pick = r.nextInt(100);
        if (pick < 42) {
            query(MAIN);
        } else if (pick < 47) {
            query(OTHER);
        } else if (pick < 57) {
            write(MAIN);
        } else if (pick < 65) {
            write(OTHER);
        } else if (pick < 71) {
            // Mostly on the other connection: once a connection hands DuckDB's objects out, its offload declines
            // its temporary and in-memory tables until it is reopened.
            unwrappedWrite(r.nextInt(16) == 0 ? MAIN : OTHER);
        } else if (pick < 74) {
            if (transaction == Transaction.NONE) {
                beginTransaction();
            }
        } else if (pick < 80) {
            ddl();
        } else if (pick < 85) {
            shadow();
        } else if (pick < 89) {
            searchPath();
        } else if (pick < 93) {
            attached();
        } else if (pick < 95) {
            reconnect();
        } else {
            multiStatement();
        }
    }

    /**
     * Closes a connection and opens it again, as a pool retiring one does: its temporary tables, session
     * settings, USE and hand-outs of DuckDB's objects end with it. The main one only outside a transaction.
     */
    private void reconnect() throws SQLException {
        m.reconnect(transaction == Transaction.NONE && r.nextBoolean() ? MAIN : OTHER);
        refresh();
    }

    private void refresh() {
        Outcome o = m.read(MAIN, TableCatalog.SQL, true);
        if (!o.failed()) {
            catalog = TableCatalog.of(o.rows());
        }
    }

    /** A table the statement names the way the application would: bare, or qualified. */
    private record Target(TableCatalog.Table table, String ref) {}

    private Target target(boolean mainOnly) {
        List<TableCatalog.Table> tables = mainOnly ? catalog.in(mainDatabase, "main") : catalog.tables();
        if (tables.isEmpty()) {
            return null;
        }
        TableCatalog.Table t = tables.get(r.nextInt(tables.size()));
        return new Target(t, mainOnly || r.nextInt(3) == 0 ? t.qualified() : t.name());
    }

    private void query(int c) {
        Target t = target(c == OTHER);
        if (t == null) {
            return;
        }
        boolean parameterized = r.nextInt(3) == 0;
        AggregateQueries.Query q = AggregateQueries.next(t.table(), t.ref(), parameterized, r);
        if (parameterized) {
            m.prepared(c, q.sql(), q.parameters(), q.ordered());
        } else {
            m.query(c, q.sql(), q.ordered());
        }
    }

    private String row(TableCatalog.Table t) {
        List<String> values = new ArrayList<>();
        for (TableCatalog.Column col : t.columns()) {
            values.add(
                    col.name().equals("id")
                            ? String.valueOf(nextId++)
                            : ColumnValues.value(col.type(), r).sql());
        }
        return "(" + String.join(", ", values) + ")";
    }

    private String rows(TableCatalog.Table t, int n) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(row(t));
        }
        return String.join(", ", rows);
    }

    private String where(TableCatalog.Table t) {
        TableCatalog.Column c = t.columns().get(r.nextInt(t.columns().size()));
        ColumnValues.Value v = ColumnValues.value(c.type(), r);
        return " WHERE " + c.name() + (r.nextBoolean() ? " <= " : " = ") + v.sql();
    }

    private void write(int c) throws SQLException {
        Target t = target(c == OTHER);
        if (t == null) {
            return;
        }
        TableCatalog.Table table = t.table();
        switch (r.nextInt(7)) {
            case 0, 1 -> m.sql(c, "INSERT INTO " + t.ref() + " VALUES " + rows(table, 1 + r.nextInt(20)));
            case 2 -> m.sql(c, "INSERT INTO " + t.ref() + " VALUES " + rows(table, 1 + r.nextInt(3)) + " RETURNING *");
            case 3 -> {
                TableCatalog.Column col =
                        table.columns().get(r.nextInt(table.columns().size()));
                m.sql(
                        c,
                        "UPDATE " + t.ref() + " SET " + col.name() + " = "
                                + ColumnValues.value(col.type(), r).sql() + where(table));
            }
            case 4 -> m.sql(c, "DELETE FROM " + t.ref() + where(table));
            case 5 -> copy(c, t);
            default -> prepareAndExecute(c, t);
        }
    }

    /** COPY FROM a CSV file that a third, unrelated DuckDB writes. */
    private void copy(int c, Target t) throws SQLException {
        Path csv = csvFolder.resolve("rows" + csvFiles++ + ".csv");
        try (Connection scratch = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = scratch.createStatement()) {
            st.execute("COPY (SELECT * FROM (VALUES " + rows(t.table(), 1 + r.nextInt(30)) + ")) TO '" + csv
                    + "' (HEADER false)");
        }
        m.sql(c, "COPY " + t.ref() + " FROM '" + csv + "' (HEADER false)");
    }

    private void prepareAndExecute(int c, Target t) {
        List<String> marks = new ArrayList<>();
        for (int i = 1; i <= t.table().columns().size(); i++) {
            marks.add("$" + i);
        }
        m.sql(c, "PREPARE p AS INSERT INTO " + t.ref() + " VALUES (" + String.join(", ", marks) + ")");
        for (int i = r.nextInt(3); i >= 0; i--) {
            String values = row(t.table());
            m.sql(c, "EXECUTE p" + values);
        }
        m.sql(c, "DEALLOCATE p");
    }

    private void multiStatement() {
        Target t = target(false);
        if (t == null) {
            return;
        }
        AggregateQueries.Query q = AggregateQueries.next(t.table(), t.ref(), false, r);
        String sql = "INSERT INTO " + t.ref() + " VALUES " + rows(t.table(), 1 + r.nextInt(5)) + "; " + q.sql();
        m.step(MAIN, sql, conn -> {
            try (Statement st = conn.createStatement()) {
                return Outcome.of(st, st.execute(sql), q.ordered());
            }
        });
    }

    /**
     * Writes that bypass the driver: a statement of the unwrapped DuckDB connection, or its appender; or a change of
     * the session through that connection (a setting that orders results, a temporary table over a main one).
     */
    private void unwrappedWrite(int c) {
        Target t = target(true);
        if (t == null) {
            return;
        }
        TableCatalog.Table table = t.table();
        if (r.nextInt(4) == 0) {
            String sql = switch (r.nextInt(4)) {
                case 0 -> "SET default_order = 'DESC'";
                case 1 -> "RESET default_order";
                case 2 ->
                    "CREATE OR REPLACE TEMP TABLE " + table.name() + " AS SELECT * FROM " + t.ref() + where(table);
                default -> "DROP TABLE IF EXISTS temp.main." + table.name();
            };
            m.step(c, "unwrap(DuckDBConnection).createStatement(): " + sql, conn -> {
                try (Statement st = conn.unwrap(DuckDBConnection.class).createStatement()) {
                    st.execute(sql);
                    return Outcome.count(0);
                }
            });
            if (sql.contains("TABLE")) refresh();
            return;
        }
        if (r.nextBoolean()) {
            String sql = "INSERT INTO " + t.ref() + " VALUES " + rows(table, 1 + r.nextInt(10));
            m.step(c, "unwrap(DuckDBConnection).createStatement(): " + sql, conn -> {
                try (Statement st = conn.unwrap(DuckDBConnection.class).createStatement()) {
                    return Outcome.count(st.executeUpdate(sql));
                }
            });
            return;
        }
        List<List<ColumnValues.Value>> rows = new ArrayList<>();
        for (int i = 1 + r.nextInt(10); i > 0; i--) {
            List<ColumnValues.Value> row = new ArrayList<>();
            for (TableCatalog.Column col : table.columns()) {
                row.add(
                        col.name().equals("id")
                                ? new ColumnValues.Value(String.valueOf(nextId), nextId++)
                                : ColumnValues.value(col.type(), r));
            }
            rows.add(row);
        }
        m.step(
                c,
                "unwrap(DuckDBConnection).createAppender(" + table.database() + ", " + table.schema() + ", "
                        + table.name() + ") rows "
                        + rows.stream()
                                .map(row -> row.stream()
                                        .map(ColumnValues.Value::sql)
                                        .toList())
                                .toList(),
                conn -> {
                    try (DuckDBAppender a = conn.unwrap(DuckDBConnection.class)
                            .createAppender(table.database(), table.schema(), table.name())) {
                        for (List<ColumnValues.Value> row : rows) {
                            a.beginRow();
                            for (int i = 0; i < row.size(); i++) {
                                append(
                                        a,
                                        table.columns().get(i).type(),
                                        row.get(i).java());
                            }
                            a.endRow();
                        }
                        a.flush();
                    }
                    return Outcome.count(rows.size());
                });
    }

    private static void append(DuckDBAppender a, String type, Object v) throws SQLException {
        if (v == null) {
            a.appendNull();
            return;
        }
        switch (type) {
            case "TINYINT" -> a.append(((Integer) v).byteValue());
            case "SMALLINT" -> a.append(((Integer) v).shortValue());
            case "HUGEINT", "UBIGINT" -> a.append(new BigInteger(v.toString()));
            default -> {
                switch (v) {
                    case Integer i -> a.append(i.intValue());
                    case Long l -> a.append(l.longValue());
                    case BigDecimal d -> a.append(d);
                    case Double d -> a.append(d.doubleValue());
                    case Float f -> a.append(f.floatValue());
                    case String s -> a.append(s);
                    case Boolean b -> a.append(b.booleanValue());
                    case LocalDate d -> a.append(d);
                    case LocalDateTime t -> a.append(t);
                    default -> throw new IllegalArgumentException(type + " " + v);
                }
            }
        }
    }

    private void beginTransaction() {
        if (r.nextBoolean()) {
            m.sql(MAIN, "BEGIN TRANSACTION");
            transaction = Transaction.SQL;
        } else {
            m.step(MAIN, "setAutoCommit(false)", conn -> {
                conn.setAutoCommit(false);
                return Outcome.count(0);
            });
            transaction = Transaction.JDBC;
        }
        // A read right away fixes the snapshot that the other connection's writes must stay out of.
        query(MAIN);
    }

    private void endTransaction(boolean commit) {
        if (transaction == Transaction.SQL) {
            m.sql(MAIN, commit ? "COMMIT" : "ROLLBACK");
            transaction = Transaction.NONE;
        } else {
            m.step(MAIN, commit ? "commit()" : "rollback()", conn -> {
                if (commit) {
                    conn.commit();
                } else {
                    conn.rollback();
                }
                return Outcome.count(0);
            });
            if (r.nextBoolean()) {
                m.step(MAIN, "setAutoCommit(true)", conn -> {
                    conn.setAutoCommit(true);
                    return Outcome.count(0);
                });
                transaction = Transaction.NONE;
            }
        }
        refresh();
    }

    private String createColumns() {
        List<String> columns = new ArrayList<>(List.of("id INTEGER"));
        for (int i = 2 + r.nextInt(6); i > 0; i--) {
            columns.add("c" + columns.size() + " " + ColumnValues.randomType(r));
        }
        return "(" + String.join(", ", columns) + ")";
    }

    /** A main table of random columns and rows (qualified: USE or search_path may point elsewhere). */
    private void createTable(String name) {
        String qualified = mainDatabase + ".main." + name;
        m.sql(MAIN, "CREATE OR REPLACE TABLE " + qualified + " " + createColumns());
        refresh();
        for (TableCatalog.Table t : catalog.in(mainDatabase, "main")) {
            if (t.name().equals(name)) {
                m.sql(MAIN, "INSERT INTO " + qualified + " VALUES " + rows(t, 20 + r.nextInt(300)));
            }
        }
    }

    private void ddl() {
        String name = NAMES.get(r.nextInt(NAMES.size()));
        Target t = target(true);
        switch (r.nextInt(5)) {
            case 0 -> m.sql(MAIN, "CREATE OR REPLACE TABLE " + name + " " + createColumns());
            case 1 -> m.sql(MAIN, "DROP TABLE IF EXISTS " + name);
            case 2 ->
                m.sql(
                        MAIN,
                        "ALTER TABLE " + name + " ADD COLUMN c" + (10 + r.nextInt(10)) + " "
                                + ColumnValues.randomType(r));
            case 3 -> {
                if (t != null) {
                    String col = t.table()
                            .columns()
                            .get(r.nextInt(t.table().columns().size()))
                            .name();
                    m.sql(MAIN, "ALTER TABLE " + t.ref() + " DROP COLUMN " + col);
                }
            }
            default -> m.sql(MAIN, "ALTER TABLE " + name + " RENAME TO " + NAMES.get(r.nextInt(NAMES.size())));
        }
        refresh();
        if (catalog.in(mainDatabase, "main").isEmpty()) {
            createTable(name);
        }
    }

    /** A temp table named like a main one, with part of its rows, or its removal. */
    private void shadow() {
        Target t = target(true);
        if (t == null) {
            return;
        }
        if (r.nextInt(3) == 0) {
            m.sql(MAIN, "DROP TABLE IF EXISTS temp.main." + t.table().name());
        } else {
            m.sql(
                    MAIN,
                    "CREATE OR REPLACE TEMP TABLE " + t.table().name() + " AS SELECT * FROM " + t.ref()
                            + where(t.table()));
        }
        refresh();
    }

    /** A schema s1 with a table named like a main one, and search_path set to it or reset. */
    private void searchPath() {
        Target t = target(true);
        switch (r.nextInt(3)) {
            case 0 -> {
                if (t != null) {
                    m.sql(MAIN, "CREATE SCHEMA IF NOT EXISTS " + mainDatabase + ".s1");
                    m.sql(
                            MAIN,
                            "CREATE OR REPLACE TABLE " + mainDatabase + ".s1."
                                    + t.table().name() + " AS SELECT * FROM " + t.ref() + where(t.table()));
                }
            }
            case 1 -> m.sql(MAIN, "SET search_path = 's1,main'");
            default -> m.sql(MAIN, "RESET search_path");
        }
        refresh();
    }

    /** An attached in-memory database o with a table named like a main one, made current with USE or left. */
    private void attached() {
        Target t = target(true);
        switch (r.nextInt(3)) {
            case 0 -> {
                if (t != null) {
                    m.sql(MAIN, "ATTACH IF NOT EXISTS ':memory:' AS o");
                    m.sql(
                            MAIN,
                            "CREATE OR REPLACE TABLE o.main." + t.table().name() + " AS SELECT * FROM " + t.ref()
                                    + where(t.table()));
                }
            }
            case 1 -> m.sql(MAIN, "USE o");
            default -> m.sql(MAIN, "USE " + mainDatabase);
        }
        refresh();
    }
}
