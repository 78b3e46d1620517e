package shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Books, their authors and ratings, in the database of schema.sql. */
public class Library {

    /** Renames book `id` if it appeared after 1900; the number of books renamed. */
    public static int retitle(Connection connection, int id, String title) throws SQLException {
        String sql = "UPDATE book SET title = ? WHERE id = ? AND year > 1900";
        try (PreparedStatement update = connection.prepareStatement(sql)) {
            update.setString(1, title);
            update.setInt(2, id);
            return update.executeUpdate();
        }
    }

    /** Adds a book of unknown year, in print; an id already taken is an SQLException. */
    public static void add(Connection connection, int id, String title, long authorId) throws SQLException {
        String sql = "INSERT INTO book (id, title, year, author_id) VALUES (?, ?, NULL, ?)";
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            insert.setInt(1, id);
            insert.setString(2, title);
            insert.setLong(3, authorId);
            insert.executeUpdate();
        }
    }

    /** Removes the ratings below `least`; how many remain. */
    public static int keepRatings(Connection connection, int least) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM rating WHERE value < ?")) {
            delete.setInt(1, least);
            delete.executeUpdate();
        }
        try (PreparedStatement count = connection.prepareStatement("SELECT COUNT(*) FROM rating");
                ResultSet rows = count.executeQuery()) {
            rows.next();
            return rows.getInt(1);
        }
    }

    /** Lends book `bookId` to `reader`; the new loan's id. */
    public static long lend(Connection connection, int bookId, String reader) throws SQLException {
        String sql = "INSERT INTO loan (book_id, reader) VALUES (?, ?)";
        try (PreparedStatement insert = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            insert.setInt(1, bookId);
            insert.setString(2, reader);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }
}
