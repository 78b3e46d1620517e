package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Types;

// java.sql.Time and TIME columns: setTime (H2 rounds to whole seconds), setObject of a Time,
// setNull(i, Types.TIME), getTime by label and index, before/after/compareTo/equals, comparisons
// of TIME columns in SQL; getTimestamp of a TIME (the current day: the clock) is abandoned.
public class Times {
    private final Connection connection;

    public Times(Connection connection) {
        this.connection = connection;
    }

    public int start(int id, Time starts, Time ends) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("INSERT INTO shift (id, starts, ends) VALUES (?, ?, ?)")) {
            stmt.setInt(1, id);
            stmt.setObject(2, starts);
            if (ends == null) {
                stmt.setNull(3, Types.TIME);
            } else {
                stmt.setTime(3, ends);
            }
            return stmt.executeUpdate();
        }
    }

    public int compareStarts(int id, Time other) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT starts FROM shift WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return 2;
                }
                Time starts = rs.getTime("starts");
                if (starts.equals(other)) {
                    return 0;
                }
                return starts.compareTo(other);
            }
        }
    }

    public int countStartingAfter(Time at) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT COUNT(*) FROM shift WHERE starts > ?")) {
            stmt.setTime(1, at);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public long firstStart() throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT MIN(starts) FROM shift");
             ResultSet rs = stmt.executeQuery()) {
            rs.next();
            Time first = rs.getTime(1);
            return first == null ? -1 : first.getTime();
        }
    }

    public boolean endsOnTheDay(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT ends FROM shift WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() && rs.getTimestamp(1) != null;
            }
        }
    }
}
