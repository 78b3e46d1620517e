package messages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Lookups that return an Optional, as repositories of real applications do. */
public class MessageFinder {
    public static Optional<Message> findById(Connection connection, long id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT message_id, message_text FROM message WHERE message_id = ?")) {
            ps.setLong(1, id);
            ResultSet rs = ps.executeQuery();
            if (rs.next()) {
                Message message = new Message();
                message.setId(rs.getLong("message_id"));
                message.setText(rs.getString("message_text"));
                return Optional.of(message);
            } else {
                return Optional.empty();
            }
        }
    }

    public static Optional<Integer> accountOf(Connection connection, long id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT posted_by_account FROM message WHERE message_id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getInt(1)) : Optional.empty();
            }
        }
    }

    public static String textOf(Connection connection, long id) throws SQLException {
        Optional<Message> found = findById(connection, id);
        return found.orElseThrow(() -> new IllegalArgumentException("no message " + id)).getText();
    }

    public static boolean exists(Connection connection, long id) throws SQLException {
        return findById(connection, id).isPresent();
    }

    public static String textOrDefault(Connection connection, long id) throws SQLException {
        Optional<Message> found = findById(connection, id);
        if (found.isEmpty()) {
            return "(none)";
        }
        return found.get().getText();
    }
}
