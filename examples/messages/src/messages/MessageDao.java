package messages;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Data access written as real code is: long column labels, long SQL text and messages. */
public class MessageDao {
    static final String NOT_FOUND_MESSAGE = "no message with this identifier";

    public static long timePosted(Connection connection, long messageId) throws SQLException {
        String sql = "SELECT time_posted_epoch FROM message WHERE message_id = ?";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getLong("time_posted_epoch");
                }
                return -1;
            }
        }
    }

    public static String describe(Connection connection, long messageId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT posted_by_account FROM message WHERE message_id = ?")) {
            ps.setLong(1, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return NOT_FOUND_MESSAGE;
                }
                return "posted by account number " + rs.getInt("posted_by_account");
            }
        }
    }

    public static boolean isNotFound(String text) {
        return NOT_FOUND_MESSAGE.equals(text);
    }

    public static int length(String label) {
        String prefix = "the label of this message: ";
        return (prefix + "x").length() + label.length();
    }

    public static int countFor(Connection connection, String account) throws SQLException {
        int accountId = Integer.parseInt(account);
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT COUNT(*) FROM message WHERE posted_by_account = ?")) {
            ps.setInt(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public static String summary(long messageId, String text, int account) {
        if (text.isEmpty()) {
            return String.format("message %d is empty", messageId);
        }
        return String.format("message %d by %d: %s", messageId, account, text);
    }

    public static List<String> textsBy(Connection connection, int account) throws SQLException {
        List<String> texts = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT message_text FROM message WHERE posted_by_account = ? ORDER BY message_id")) {
            ps.setInt(1, account);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    texts.add(rs.getString("message_text"));
                }
            }
        }
        return texts;
    }

    public static int deleteAll(Connection connection, List<String> texts) throws SQLException {
        int deleted = 0;
        for (String text : texts) {
            try (PreparedStatement ps = connection.prepareStatement("DELETE FROM message WHERE message_text = ?")) {
                ps.setString(1, text);
                deleted += ps.executeUpdate();
            }
        }
        return deleted;
    }

    public static String firstOrNone(List<String> texts) {
        if (texts.isEmpty()) {
            return "none";
        }
        return texts.get(0) + " and " + (texts.size() - 1) + " more";
    }
}
