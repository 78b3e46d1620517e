
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
 * Names are quoted as the database stores them, so rows go in and come out whatever the names are.
 *
 * <p>Given a JDBC URL in the system property {@code hornet.jdbc.url} (or the environment
 * variable {@code HORNET_JDBC_URL}), with {@code hornet.jdbc.user} and {@code hornet.jdbc.password}
 * ({@code HORNET_JDBC_USER}, {@code HORNET_JDBC_PASSWORD}), the tests run on that PostgreSQL
 * server instead: every test gets the schema {@code hornet_tests} created anew, holding the
 * tables in PostgreSQL's dialect, and the server's other schemas are left alone.
 */
final class HornetDatabase {

    /**
     * The tables hornet's schema model holds, as H2 statements: tables referenced before tables
     * referencing them, then the foreign keys.
     */
    private static final String[] SCHEMA = {
/*{schema}*/
    };

    /** The same tables as PostgreSQL statements, for a run on a PostgreSQL server. */
    private static final String[] POSTGRES_SCHEMA = {
/*{postgres schema}*/
    };

    /** The JDBC URL of the server the tests run on, or null for H2. */
    private static final String SERVER_URL = setting("hornet.jdbc.url");

    /** The schema the tests own on the server, dropped and created again for every test. */
    private static final String SERVER_SCHEMA = "hornet_tests";

    /** The user and password of the server, and its schema as the connections' default one. */
    private static final java.util.Properties SERVER_PROPERTIES = serverProperties();

    /**
     * The connections opened to the server during the current test, closed before the next
     * one drops the schema (a connection the code under test left open could hold its locks).
     */
    private static final List<Connection> serverConnections = new ArrayList<>();

    /**
     * The URL settings: MODE is the compatibility mode of the schema's dialect, so that the
     * code's SQL runs as on its engine; names match ignoring case, quoted or not; NON_KEYWORDS
     * lists the H2 keywords the schema uses as names, so that the code's own SQL can use them
     * unquoted, as other databases allow.
     */
    private static final String SETTINGS = "/*{settings}*/";

    /** The URLs the code under test gives DriverManager: they open the test's database. */
    private static final String[] DRIVER_URLS = {/*{driver urls}*/};

    /**
     * The name under which the URL of the current test's database is kept, JVM-wide: named, and
     * kept while the code under test opens and closes its own connections to it
     * (DB_CLOSE_DELAY=-1) until the next test opens its own. Every package whose tests use the
     * database has a HornetDatabase of its own, each routing the code's URLs; one URL for all of
     * them makes the code's connections (a static one a utility class keeps, say) reach the
     * database of the test that runs now, whichever package's helper opened it.
     */
    private static final String CURRENT_URL = "hornet.tests.current.database";

    private static String currentUrl() {
        return System.getProperty(CURRENT_URL);
    }

    static {
        if (DRIVER_URLS.length > 0/*{or configured}*/) {
            routeDriverUrls();
        }
    }

    /** A table as the schema declares it: its name and the columns the tests give values for. */
    static final class Table {
        final String name;
        final String[] columns;

        Table(String name, String... columns) {
            this.name = name;
            this.columns = columns;
        }
    }

    static {
        // The tests' dates are UTC instants, and H2 converts dates in the JVM's zone (which it
        // caches: forget it, in case another test opened a database first).
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("UTC"));
        org.h2.util.DateTimeUtils.resetCalendar();
    }

    private HornetDatabase() {
    }

    /** The constraint violations hornet's database model raises an SQLException for. */
    enum Violation { UNIQUE, FOREIGN_KEY, NOT_NULL, CHECK, TOO_LONG, CONVERSION }

    /**
     * The SQL state the test's database gives a violation: H2's (in every mode), or PostgreSQL's
     * when the tests run there (`hornet.jdbc.url`, or HORNET_JDBC_URL, naming it).
     */
    static String sqlState(Violation violation) {
        String url = System.getProperty("hornet.jdbc.url", System.getenv("HORNET_JDBC_URL"));
        boolean postgres = url != null && url.startsWith("jdbc:postgresql:");
        switch (violation) {
            case UNIQUE: return "23505";
            case FOREIGN_KEY: return postgres ? "23503" : "23506";
            case NOT_NULL: return "23502";
            case CHECK: return postgres ? "23514" : "23513";
            case TOO_LONG: return "22001";
            default: return postgres ? "22P02" : "22018";
        }
    }

    /**
     * A new database of its own, with the schema's tables empty, and the test's connection to
     * it; the previous test's database is dropped.
     */
    static Connection open() throws SQLException {
        if (SERVER_URL != null) {
            return openServer();
        }
        String previousUrl = currentUrl();
        if (previousUrl != null) {
            try (Connection previous = DriverManager.getConnection(previousUrl);
                    Statement statement = previous.createStatement()) {
                statement.execute("SHUTDOWN");
            }
        }
        String url = "jdbc:h2:mem:hornet_" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1" + SETTINGS;
        System.setProperty(CURRENT_URL, url);
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

    /** The test's connection to the server, its schema holding the tables empty. */
    private static Connection openServer() throws SQLException {
        if (!SERVER_URL.startsWith("jdbc:postgresql:")) {
            throw new SQLException("hornet.jdbc.url is " + SERVER_URL
                    + ": the tests create their tables in H2 or PostgreSQL (jdbc:postgresql:...) only");
        }
        for (Connection previous : serverConnections) {
            previous.close();
        }
        serverConnections.clear();
        Connection connection = connect();
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SERVER_SCHEMA + " CASCADE");
            statement.execute("CREATE SCHEMA " + SERVER_SCHEMA);
            for (String sql : POSTGRES_SCHEMA) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /** A system property, or else the environment variable of the same name (`HORNET_JDBC_URL`). */
    private static String setting(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isEmpty()) {
            value = System.getenv(property.toUpperCase().replace('.', '_'));
        }
        return value == null || value.isEmpty() ? null : value;
    }

    private static java.util.Properties serverProperties() {
        java.util.Properties properties = new java.util.Properties();
        String user = setting("hornet.jdbc.user");
        String password = setting("hornet.jdbc.password");
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("currentSchema", SERVER_SCHEMA);
        return properties;
    }

    /**
     * Inserts `rows` (values in the order of the table's columns) into `table`. Values of
     * computed columns are left to the database; identity columns take the rows' values, then
     * continue after the largest, so that the code's own inserts get new keys.
     */
    static void insert(Connection connection, Table table, Object[][] rows) throws SQLException {
        StoredTable stored = storedTable(connection, table);
        List<String> names = new ArrayList<>();
        List<Integer> assigned = new ArrayList<>();
        for (int i = 0; i < stored.columns.size(); i++) {
            if (!stored.columns.get(i).computed) {
                names.add(stored.columns.get(i).quoted);
                assigned.add(i);
            }
        }
        String sql = "INSERT INTO " + stored.quoted + " (" + String.join(", ", names) + ") OVERRIDING SYSTEM VALUE VALUES ("
                + String.join(", ", Collections.nCopies(names.size(), "?")) + ")";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < assigned.size(); i++) {
                    Object value = row[assigned.get(i)];
                    if (SERVER_URL != null && value instanceof String && !stored.columns.get(assigned.get(i)).text) {
                        // The text of a value hornet does not model (a timestamp the clock
                        // fills in): PostgreSQL converts it to the column's type only untyped.
                        statement.setObject(i + 1, value, Types.OTHER);
                    } else {
                        statement.setObject(i + 1, value);
                    }
                }
                try {
                    statement.executeUpdate();
                } catch (SQLException e) {
                    throw new SQLException("inserting " + render(row, null) + " into " + table.name + ": "
                            + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
                }
            }
        }
        try (Statement statement = connection.createStatement()) {
            for (StoredColumn column : stored.columns) {
                if (!column.identity) {
                    continue;
                }
                Object largest;
                try (ResultSet result = statement.executeQuery("SELECT MAX(" + column.quoted + ") FROM " + stored.quoted)) {
                    result.next();
                    largest = result.getObject(1);
                }
                if (largest != null) {
                    BigInteger next = new BigInteger(largest.toString()).add(BigInteger.ONE);
                    try {
                        statement.execute("ALTER TABLE " + stored.quoted + " ALTER COLUMN " + column.quoted + " RESTART WITH " + next);
                    } catch (SQLException e) {
                        // A row holds the type's largest value: there is no next one (H2 says
                        // 22003, PostgreSQL 22023). A test whose path takes a value from the
                        // sequence sets it (restartIdentity).
                        if (!"22003".equals(e.getSQLState()) && !"22023".equals(e.getSQLState())) {
                            throw e;
                        }
                    }
                }
            }
        }
    }

    /** Makes the identity (auto-increment) column of `table` give `next` as its next value. */
    static void restartIdentity(Connection connection, Table table, long next) throws SQLException {
        StoredTable stored = storedTable(connection, table);
        try (Statement statement = connection.createStatement()) {
            for (StoredColumn column : stored.columns) {
                if (column.identity) {
                    statement.execute("ALTER TABLE " + stored.quoted + " ALTER COLUMN " + column.quoted + " RESTART WITH " + next);
                }
            }
        }
    }

    /** An expected value that is not checked: a column whose values hornet does not model. */
    static final Object UNCHECKED = new Object() {
        @Override
        public String toString() {
            return "(unchecked)";
        }
    };

    /**
     * Asserts that `table` holds exactly `expected`, in any order (duplicates count). A column
     * that `expected` gives as UNCHECKED in some row is left out of the comparison of every row.
     */
    static void assertRows(Connection connection, Table table, Object[][] expected) throws SQLException {
        StoredTable stored = storedTable(connection, table);
        List<String> names = new ArrayList<>();
        for (StoredColumn column : stored.columns) {
            names.add(column.quoted);
        }
        String sql = "SELECT " + String.join(", ", names) + " FROM " + stored.quoted;
        List<String> actualRows = new ArrayList<>();
        boolean[] padded = new boolean[names.size()];
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData columns = result.getMetaData();
            for (int i = 0; i < padded.length; i++) {
                padded[i] = columns.getColumnType(i + 1) == Types.CHAR;
            }
            while (result.next()) {
                Object[] row = new Object[padded.length];
                for (int i = 0; i < row.length; i++) {
                    row[i] = unchecked(expected, i) ? UNCHECKED : result.getObject(i + 1);
                }
                actualRows.add(render(row, padded));
            }
        }
        List<String> expectedRows = new ArrayList<>();
        for (Object[] row : expected) {
            // The rows are matched in any order: an unchecked column is left out of every row.
            Object[] compared = row.clone();
            for (int i = 0; i < compared.length; i++) {
                if (unchecked(expected, i)) {
                    compared[i] = UNCHECKED;
                }
            }
            expectedRows.add(render(compared, padded));
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

    private static boolean unchecked(Object[][] expected, int column) {
        for (Object[] row : expected) {
            if (row[column] == UNCHECKED) {
                return true;
            }
        }
        return false;
    }

    /** A table as the database stores it: its quoted, schema-qualified name and the Table's columns. */
    private static final class StoredTable {
        final String quoted;
        final List<StoredColumn> columns = new ArrayList<>();

        StoredTable(String quoted) {
            this.quoted = quoted;
        }
    }

    private static final class StoredColumn {
        final String quoted;
        /** An identity (auto-increment) column. */
        final boolean identity;
        /** A column computed from the others (GENERATED ALWAYS AS (...)), which takes no value. */
        final boolean computed;
        /** A column of character strings. */
        final boolean text;

        StoredColumn(String quoted, boolean identity, boolean computed, boolean text) {
            this.quoted = quoted;
            this.identity = identity;
            this.computed = computed;
            this.text = text;
        }
    }

    private static final List<Integer> TEXT_TYPES = java.util.Arrays.asList(Types.CHAR, Types.VARCHAR,
            Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB);

    /** The table and its columns found by name ignoring case, as SQL compares unquoted names. */
    private static StoredTable storedTable(Connection connection, Table table) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        String schema = null;
        String name = null;
        try (ResultSet tables = metaData.getTables(null, SERVER_URL == null ? null : SERVER_SCHEMA, null, null)) {
            while (tables.next() && name == null) {
                String tableSchema = tables.getString("TABLE_SCHEM");
                String tableName = tables.getString("TABLE_NAME");
                if (!"INFORMATION_SCHEMA".equals(tableSchema) && tableName.equalsIgnoreCase(table.name)) {
                    schema = tableSchema;
                    name = tableName;
                }
            }
        }
        if (name == null) {
            throw new SQLException("the database has no table " + table.name);
        }
        List<String> found = new ArrayList<>();
        List<StoredColumn> all = new ArrayList<>();
        try (ResultSet columns = metaData.getColumns(null, schema, name, null)) {
            while (columns.next()) {
                found.add(columns.getString("COLUMN_NAME"));
                all.add(new StoredColumn(quote(columns.getString("COLUMN_NAME")),
                        "YES".equals(columns.getString("IS_AUTOINCREMENT")),
                        "YES".equals(columns.getString("IS_GENERATEDCOLUMN")),
                        TEXT_TYPES.contains(columns.getInt("DATA_TYPE"))));
            }
        }
        StoredTable stored = new StoredTable(quote(schema) + "." + quote(name));
        for (String column : table.columns) {
            int at = -1;
            for (int i = 0; i < found.size(); i++) {
                if (found.get(i).equalsIgnoreCase(column)) {
                    at = i;
                }
            }
            if (at < 0) {
                throw new SQLException("table " + table.name + " has no column " + column + " (it has " + found + ")");
            }
            stored.columns.add(all.get(at));
        }
        return stored;
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

    /** Another connection to the current test's database, as the code under test gets one. */
    static Connection connect() throws SQLException {
        if (SERVER_URL == null) {
            return DriverManager.getConnection(currentUrl());
        }
        Connection connection = DriverManager.getConnection(SERVER_URL, SERVER_PROPERTIES);
        serverConnections.add(connection);
        return connection;
    }

    /** A data source whose connections reach the current test's database. */
    static javax.sql.DataSource dataSource() {
        if (SERVER_URL != null) {
            return connecting(javax.sql.DataSource.class);
        }
        org.h2.jdbcx.JdbcDataSource dataSource = new org.h2.jdbcx.JdbcDataSource();
        dataSource.setURL(currentUrl());
        return dataSource;
    }

    /**
     * An implementation of `type` whose methods returning a Connection open one to the current
     * test's database; its other methods are not expected to be called.
     */
    static <T> T connecting(Class<T> type) {
        return type.cast(java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, arguments) -> {
                    if (method.getReturnType() == Connection.class) {
                        return connect();
                    }
                    switch (method.getName()) {
                        case "toString":
                            return "the test database's " + type.getSimpleName();
                        case "hashCode":
                            return System.identityHashCode(proxy);
                        case "equals":
                            return proxy == arguments[0];
                        default:
                            throw new UnsupportedOperationException(method.toString());
                    }
                }));
    }

    /**
     * Registers a driver that opens the current test's database for the code's own URLs, ahead
     * of the drivers already registered (H2's would open a `jdbc:h2:` URL of the code itself).
     */
    private static void routeDriverUrls() {
        try {
            List<java.sql.Driver> others = Collections.list(DriverManager.getDrivers());
            for (java.sql.Driver other : others) {
                DriverManager.deregisterDriver(other);
            }
            DriverManager.registerDriver(new TestDatabaseDriver());
            for (java.sql.Driver other : others) {
                DriverManager.registerDriver(other);
            }
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The driver of the code's own URLs: every connection it gives reaches the test's database. */
    private static final class TestDatabaseDriver implements java.sql.Driver {
        @Override
        public boolean acceptsURL(String url) {
            return java.util.Arrays.asList(DRIVER_URLS).contains(url)/*{or configured url}*/;
        }

        @Override
        public Connection connect(String url, java.util.Properties info) throws SQLException {
            return acceptsURL(url) ? HornetDatabase.connect() : null;
        }

        @Override
        public java.sql.DriverPropertyInfo[] getPropertyInfo(String url, java.util.Properties info) {
            return new java.sql.DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            throw new java.sql.SQLFeatureNotSupportedException();
        }
    }
/*{configured}*/
}
