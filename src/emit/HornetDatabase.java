
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * The database of the generated tests: a fresh in-memory H2 database per test holding the
 * schema's tables, and the helpers that fill it before the call and check it afterwards.
 * Names are quoted as H2 stores them, so rows go in and come out whatever the names are.
 */
final class HornetDatabase {

    /** The schema's statements: tables referenced before tables referencing them, then alterations. */
    private static final String[] SCHEMA = {
/*{schema}*/
    };

    /**
     * The URL settings. NON_KEYWORDS lists the H2 keywords the schema uses as names, so that
     * the schema and the code's own SQL can use them unquoted, as other databases allow.
     */
    private static final String SETTINGS = "/*{settings}*/";

    /** A table as the schema declares it: its name and the columns the tests give values for. */
    static final class Table {
        final String name;
        final String[] columns;

        Table(String name, String... columns) {
            this.name = name;
            this.columns = columns;
        }
    }

    private HornetDatabase() {
    }

    /** A new database of its own, with the schema's tables empty; it vanishes when closed. */
    static Connection open() throws SQLException {
        String url = "jdbc:h2:mem:hornet_" + UUID.randomUUID() + SETTINGS;
        Connection connection = DriverManager.getConnection(url);
        try (Statement statement = connection.createStatement()) {
            for (String sql : SCHEMA) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /** Inserts `rows` (values in the order of the table's columns) into `table`. */
    static void insert(Connection connection, Table table, Object[][] rows) throws SQLException {
        String target = quotedTable(connection, table);
        List<String> placeholders = new ArrayList<>(Collections.nCopies(table.columns.length, "?"));
        String sql = "INSERT INTO " + target + " (" + quotedColumns(connection, table)
                + ") VALUES (" + String.join(", ", placeholders) + ")";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    statement.setObject(i + 1, row[i]);
                }
                try {
                    statement.executeUpdate();
                } catch (SQLException e) {
                    throw new SQLException("inserting " + render(row, null) + " into " + table.name + ": "
                            + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
                }
            }
        }
    }

    /** Asserts that `table` holds exactly `expected`, in any order (duplicates count). */
    static void assertRows(Connection connection, Table table, Object[][] expected) throws SQLException {
        String sql = "SELECT " + quotedColumns(connection, table) + " FROM " + quotedTable(connection, table);
        List<String> actualRows = new ArrayList<>();
        boolean[] padded = new boolean[table.columns.length];
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData columns = result.getMetaData();
            for (int i = 0; i < padded.length; i++) {
                padded[i] = columns.getColumnType(i + 1) == Types.CHAR;
            }
            while (result.next()) {
                Object[] row = new Object[padded.length];
                for (int i = 0; i < row.length; i++) {
                    row[i] = result.getObject(i + 1);
                }
                actualRows.add(render(row, padded));
            }
        }
        List<String> expectedRows = new ArrayList<>();
        for (Object[] row : expected) {
            expectedRows.add(render(row, padded));
        }
        Collections.sort(expectedRows);
        Collections.sort(actualRows);
        if (expectedRows.equals(actualRows)) {
            return;
        }
        List<String> missing = new ArrayList<>(expectedRows);
        List<String> unexpected = new ArrayList<>(actualRows);
        for (String row : expectedRows) {
            if (unexpected.remove(row)) {
                missing.remove(row);
            }
        }
        String message = "rows of table " + table.name + " (in any order): missing " + missing
                + ", unexpected " + unexpected;
        assertEquals(String.join("\n", expectedRows), String.join("\n", actualRows), message);
    }

    /** The table's name as H2 stores it, schema-qualified and quoted. */
    private static String quotedTable(Connection connection, Table table) throws SQLException {
        String[] stored = storedTable(connection.getMetaData(), table.name);
        return quote(stored[0]) + "." + quote(stored[1]);
    }

    /** The table's columns as H2 stores them, quoted and separated by commas. */
    private static String quotedColumns(Connection connection, Table table) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        String[] stored = storedTable(metaData, table.name);
        List<String> found = new ArrayList<>();
        try (ResultSet columns = metaData.getColumns(null, stored[0], stored[1], null)) {
            while (columns.next()) {
                found.add(columns.getString("COLUMN_NAME"));
            }
        }
        List<String> quoted = new ArrayList<>();
        for (String column : table.columns) {
            String match = null;
            for (String name : found) {
                if (name.equalsIgnoreCase(column)) {
                    match = name;
                }
            }
            if (match == null) {
                throw new SQLException("table " + table.name + " has no column " + column + " (it has " + found + ")");
            }
            quoted.add(quote(match));
        }
        return String.join(", ", quoted);
    }

    /** The schema and name of the table called `name`, compared ignoring case as SQL does. */
    private static String[] storedTable(DatabaseMetaData metaData, String name) throws SQLException {
        try (ResultSet tables = metaData.getTables(null, null, null, null)) {
            while (tables.next()) {
                String schema = tables.getString("TABLE_SCHEM");
                String table = tables.getString("TABLE_NAME");
                if (!"INFORMATION_SCHEMA".equals(schema) && table.equalsIgnoreCase(name)) {
                    return new String[] {schema, table};
                }
            }
        }
        throw new SQLException("the database has no table " + name);
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /**
     * A row as the tests write it, `{1, "Dune", null}`, so that equal rows read the same: whole
     * numbers of any Java type alike, and CHAR values (which H2 pads) without trailing spaces.
     */
    private static String render(Object[] row, boolean[] padded) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < row.length; i++) {
            Object value = row[i];
            if (value instanceof String && padded != null && i < padded.length && padded[i]) {
                value = ((String) value).replaceAll(" +$", "");
            }
            values.add(render(value));
        }
        return "{" + String.join(", ", values) + "}";
    }

    private static String render(Object value) {
        if (value instanceof String) {
            StringBuilder literal = new StringBuilder("\"");
            for (char c : ((String) value).toCharArray()) {
                if (c == '"' || c == '\\') {
                    literal.append('\\').append(c);
                } else if (c >= ' ' && c <= '~') {
                    literal.append(c);
                } else {
                    literal.append(String.format("\\u%04x", (int) c));
                }
            }
            return literal.append('"').toString();
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long
                || value instanceof BigInteger) {
            return value.toString();
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).stripTrailingZeros().toPlainString();
        }
        return String.valueOf(value);
    }
}
