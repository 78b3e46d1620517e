import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a list of H2 keywords that `NON_KEYWORDS` may turn back into names against the H2 on
 * the class path: each listed word must be a keyword, usable unquoted as a column and a table
 * name once listed, and listing it must leave ordinary SQL working; every other keyword must
 * fail one of these. Prints one line per problem, nothing when the list is right.
 *
 * Usage: java -cp h2.jar:. H2Names KEYWORD...
 */
public class H2Names {

    /** SQL that uses keywords as keywords and plain names, as code under test does, in order. */
    private static final String[] ORDINARY = {
        "CREATE TABLE a (id INT PRIMARY KEY, n VARCHAR(10) DEFAULT 'x' NOT NULL, CONSTRAINT c1 CHECK (id > 0), UNIQUE (n))",
        "CREATE TABLE b (id INT PRIMARY KEY, a_id INT, FOREIGN KEY (a_id) REFERENCES a (id))",
        "ALTER TABLE b ADD CONSTRAINT u1 UNIQUE (a_id)",
        "INSERT INTO a VALUES (1, 'p'), (2, 'q')",
        "INSERT INTO b (id, a_id) VALUES (1, 1)",
        "INSERT INTO a (id, n) SELECT 10, 'z' FROM a WHERE id = 1",
        "UPDATE a SET n = DEFAULT WHERE id = 2",
        "SELECT DISTINCT a.id AS x, COUNT(*) FROM a LEFT JOIN b ON a.id = b.a_id WHERE a.id IN (1, 2) AND a.id BETWEEN 0 AND 5"
            + " OR a.n LIKE 'p%' AND a.n IS NOT NULL GROUP BY a.id HAVING COUNT(*) > 0 ORDER BY a.id LIMIT 5 OFFSET 0",
        "SELECT * FROM a ORDER BY id DESC",
        "SELECT id FROM a GROUP BY id",
        "SELECT * FROM a LIMIT 1",
        "SELECT * FROM a OFFSET 1 ROWS",
        "SELECT * FROM a FETCH FIRST 1 ROWS ONLY",
        "SELECT id FROM a FOR UPDATE",
        "SELECT * FROM a a1 WHERE a1.id = 1",
        "SELECT * FROM a JOIN b ON a.id = b.a_id",
        "SELECT * FROM a INNER JOIN b ON a.id = b.a_id",
        "SELECT * FROM a LEFT OUTER JOIN b ON a.id = b.a_id",
        "SELECT * FROM a RIGHT JOIN b ON a.id = b.a_id",
        "SELECT * FROM a CROSS JOIN b",
        "SELECT * FROM a NATURAL JOIN b",
        "SELECT * FROM a JOIN b USING (id)",
        "SELECT id FROM a UNION SELECT id FROM b EXCEPT SELECT 3 INTERSECT SELECT 1",
        "SELECT 1 FROM a MINUS SELECT 2",
        "SELECT CASE WHEN id = 1 THEN 'one' ELSE 'other' END, CASE id WHEN 1 THEN 'a' END FROM a",
        "SELECT CAST(1 AS BIGINT), TRUE, FALSE, NULL, CURRENT_USER, CURRENT_DATE, CURRENT_TIMESTAMP FROM a",
        "SELECT EXTRACT(YEAR FROM CURRENT_DATE), INTERVAL '1' DAY, INTERVAL '2' MONTH",
        "SELECT id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.a_id = a.id) AND id = ANY (SELECT id FROM b)"
            + " AND id = SOME (SELECT id FROM b) AND id > ALL (SELECT 0)",
        "SELECT * FROM a WHERE id NOT IN (5) AND n NOT LIKE 'zz%' AND id NOT BETWEEN 7 AND 8",
        "SELECT ROW_NUMBER() OVER (ORDER BY id) FROM a",
        "SELECT * FROM a WHERE (id, n) = ROW (1, 'p')",
        "WITH w AS (SELECT 1 AS one) SELECT one FROM w",
        "SELECT COALESCE(MAX(id), 0) + 1 FROM a",
        "DELETE FROM b WHERE a_id IS NULL",
        "DROP TABLE IF EXISTS zz",
    };

    public static void main(String[] listed) throws Exception {
        List<String> nameable = Arrays.asList(listed);
        List<String> keywords = keywords();
        int database = 0;
        for (String word : nameable) {
            if (!keywords.contains(word)) {
                System.out.println(word + ": not a keyword of this H2");
            }
        }
        for (String word : keywords) {
            String url = "jdbc:h2:mem:names_" + database++ + ";NON_KEYWORDS=" + word;
            String asName = failure(url, "CREATE TABLE t (id INT PRIMARY KEY, " + word + " INT)",
                    "CREATE TABLE " + word + " (id INT PRIMARY KEY, t_id INT REFERENCES t (id))",
                    "INSERT INTO t (id, " + word + ") VALUES (1, 2)",
                    "INSERT INTO " + word + " (id, t_id) VALUES (1, 1)");
            String ordinary = failure("jdbc:h2:mem:names_" + database++ + ";NON_KEYWORDS=" + word, ORDINARY);
            if (nameable.contains(word) && asName != null) {
                System.out.println(word + ": listed, but not usable as a name: " + asName);
            } else if (nameable.contains(word) && ordinary != null) {
                System.out.println(word + ": listing it breaks ordinary SQL: " + ordinary);
            } else if (!nameable.contains(word) && asName == null && ordinary == null) {
                System.out.println(word + ": could be listed (usable as a name, breaks nothing)");
            }
        }
    }

    /** The keywords of the H2 on the class path: the constants of its parser's keyword table. */
    private static List<String> keywords() {
        List<String> keywords = new ArrayList<>();
        for (Field field : org.h2.util.ParserUtil.class.getFields()) {
            boolean constant = field.getType() == int.class && Modifier.isStatic(field.getModifiers());
            if (constant && org.h2.util.ParserUtil.isKeyword(field.getName(), false)) {
                keywords.add(field.getName());
            }
        }
        return keywords;
    }

    /** The first of `statements` that fails, with H2's message, or null when all run. */
    private static String failure(String url, String... statements) {
        String first = null;
        try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                try {
                    statement.execute(sql);
                } catch (SQLException e) {
                    first = first != null ? first : sql + " -> " + e.getMessage().split("\n")[0];
                }
            }
            return first;
        } catch (SQLException e) {
            return "connecting -> " + e.getMessage();
        }
    }
}
