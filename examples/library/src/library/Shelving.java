package library;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;

/**
 * Books on shelves. Every shelf stores how many books stand on it (nb_books); the methods that
 * add or remove a book keep that count in step, inside one transaction.
 */
public class Shelving {

    static final String INSERT_BOOK = "INSERT INTO book (id, shelf_id, title) VALUES (?, ?, ?)";

    /**
     * Puts a new book on a shelf and counts it there. Returns false, changing nothing, when the
     * shelf does not exist or is full; a failing insert (the book id is taken) rolls the
     * transaction back and is rethrown.
     */
    public static boolean addBook(Connection conn, int shelfId, int bookId, String title)
            throws SQLException {
        conn.setAutoCommit(false);
        try {
            PreparedStatement find =
                    conn.prepareStatement("SELECT nb_books, capacity FROM shelf WHERE id = ?");
            find.setInt(1, shelfId);
            ResultSet rs = find.executeQuery();
            if (!rs.next()) {
                rs.close();
                find.close();
                conn.rollback();
                return false;
            }
            int count = rs.getInt("nb_books");
            int capacity = rs.getInt("capacity");
            rs.close();
            find.close();
            if (count >= capacity) {
                conn.rollback();
                return false;
            }
            PreparedStatement insert = conn.prepareStatement(INSERT_BOOK);
            insert.setInt(1, bookId);
            insert.setInt(2, shelfId);
            insert.setString(3, title);
            insert.executeUpdate();
            insert.close();
            Statement update = conn.createStatement();
            update.executeUpdate("UPDATE shelf SET nb_books = nb_books + 1 WHERE id = " + shelfId);
            update.close();
            conn.commit();
            return true;
        } catch (SQLException e) {
            conn.rollback();
            throw e;
        } finally {
            conn.setAutoCommit(true);
        }
    }

    /**
     * Registers a book without touching the shelf's count, as a bulk import does; year 0 means
     * unknown. Returns 0 when the book was inserted, 1 for a missing title, 2 when the id is
     * already taken, 3 when the shelf does not exist and 4 when the year was refused.
     */
    public static int registerBook(Connection conn, int bookId, int shelfId, String title, int year)
            throws SQLException {
        if (title == null || title.isEmpty()) {
            return 1;
        }
        PreparedStatement insert = conn.prepareStatement("INSERT INTO book VALUES (?, ?, ?, ?, TRUE)");
        try {
            insert.setInt(1, bookId);
            insert.setInt(2, shelfId);
            insert.setString(3, title);
            if (year == 0) {
                insert.setNull(4, Types.SMALLINT);
            } else {
                insert.setInt(4, year);
            }
            insert.executeUpdate();
            return 0;
        } catch (SQLException e) {
            Statement st = conn.createStatement();
            ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM book WHERE id = " + bookId);
            rs.next();
            int sameId = rs.getInt(1);
            rs.close();
            rs = st.executeQuery("SELECT COUNT(*) FROM shelf WHERE id = " + shelfId);
            rs.next();
            int shelves = rs.getInt(1);
            rs.close();
            st.close();
            if (sameId > 0) {
                return 2;
            }
            if (shelves == 0) {
                return 3;
            }
            return 4;
        } finally {
            insert.close();
        }
    }

    /**
     * Compares a shelf's stored count with the books actually on it: "unknown" shelf,
     * "miscounted", "empty", "full" or "in use".
     */
    public static String shelfState(Connection conn, int shelfId) throws SQLException {
        int stored;
        int capacity;
        PreparedStatement find =
                conn.prepareStatement("SELECT s.nb_books, s.capacity FROM shelf s WHERE s.id = ?");
        find.setInt(1, shelfId);
        ResultSet found = find.executeQuery();
        if (!found.next()) {
            found.close();
            find.close();
            return "unknown";
        }
        stored = found.getInt(1);
        capacity = found.getInt(2);
        found.close();
        find.close();
        int count;
        try (PreparedStatement ps =
                conn.prepareStatement("SELECT COUNT(*) AS n FROM book WHERE shelf_id = ?")) {
            ps.setInt(1, shelfId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                count = rs.getInt("n");
            }
        }
        if (count != stored) {
            return "miscounted";
        }
        if (count == 0) {
            return "empty";
        }
        if (count == capacity) {
            return "full";
        }
        return "in use";
    }

    /**
     * Takes a book off its shelf and decrements the shelf's count. Returns false when there is
     * no such book, or when the shelf's count is already zero (a stale count: nothing changes).
     */
    public static boolean removeBook(Connection conn, int bookId) throws SQLException {
        conn.setAutoCommit(false);
        Statement st = conn.createStatement();
        try {
            ResultSet rs = st.executeQuery("SELECT shelf_id FROM book WHERE id = " + bookId);
            if (!rs.next()) {
                rs.close();
                conn.rollback();
                return false;
            }
            int shelfId = rs.getInt("shelf_id");
            rs.close();
            st.executeUpdate("DELETE FROM book WHERE id = " + bookId);
            int updated = st.executeUpdate("UPDATE shelf SET nb_books = nb_books - 1"
                    + " WHERE id = " + shelfId + " AND nb_books > 0");
            if (updated == 0) {
                conn.rollback();
                return false;
            }
            conn.commit();
            return true;
        } finally {
            st.close();
            conn.setAutoCommit(true);
        }
    }

    /**
     * How many available books of a shelf were published before a year; books of unknown year
     * do not count. A negative shelf id is a caller's mistake.
     */
    public static int countOldBooks(Connection conn, int shelfId, int before) throws SQLException {
        if (shelfId < 0) {
            throw new IllegalArgumentException("negative shelf id");
        }
        PreparedStatement ps = conn.prepareStatement(
                "SELECT id, \"year\" FROM book WHERE shelf_id = ? AND available = TRUE ORDER BY id");
        ps.setInt(1, shelfId);
        ResultSet rs = ps.executeQuery();
        int old = 0;
        while (rs.next()) {
            int year = rs.getInt(2);
            if (rs.wasNull()) {
                continue;
            }
            if (year < before) {
                old++;
            }
        }
        rs.close();
        ps.close();
        return old;
    }
}
