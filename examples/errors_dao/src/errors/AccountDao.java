package errors;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Data access as application code writes it: SQLExceptions logged and wrapped in the DAO's
 * own exception, a duplicate key told apart by its SQL state or error code.
 */
public class AccountDao {
    private static final Logger LOG = Logger.getLogger(AccountDao.class.getName());

    /** Opens an account; an e-mail in use already is a DuplicateEmailException. */
    public static void open(Connection conn, int id, String name, String email) throws DaoException {
        Objects.requireNonNull(email, "email");
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO account (id, name, email, balance) VALUES (?, ?, ?, 0)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            ps.setString(3, email);
            ps.executeUpdate();
            LOG.info("opened account " + id);
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                LOG.log(Level.WARNING, "duplicate account: " + e.getMessage(), e);
                throw new DuplicateEmailException("account exists: " + email, e);
            }
            LOG.log(Level.SEVERE, "cannot open account " + id, e);
            throw new DaoException("cannot open account " + id, e);
        }
    }

    /** Records a transfer; false when the account does not exist (H2's foreign key code). */
    public static boolean record(Connection conn, int id, int accountId, int amount) throws DaoException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO transfer (id, account_id, amount) VALUES (?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setInt(2, accountId);
            ps.setInt(3, amount);
            ps.executeUpdate();
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == 23506) {
                LOG.warning("no account " + accountId);
                return false;
            }
            throw new DaoException("cannot record transfer " + id, e);
        }
    }

    /** Changes a balance; a negative one breaks the CHECK constraint and is reported. */
    public static int deposit(Connection conn, int id, int amount) throws DaoException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?")) {
            ps.setInt(1, amount);
            ps.setInt(2, id);
            int updated = ps.executeUpdate();
            if (updated == 0) {
                throw new DaoException("no account " + id);
            }
            return updated;
        } catch (SQLException e) {
            e.printStackTrace();
            throw new DaoException("cannot deposit into " + id + ": " + e.getSQLState(), e);
        }
    }

    /** The balance of an account, or -1 when there is none. */
    public static int balance(Connection conn, int id) throws DaoException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT balance FROM account WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        } catch (SQLException e) {
            LOG.log(Level.SEVERE, "balance of " + id, e);
            throw new DaoException("cannot read balance of " + id, e);
        }
    }

    /** The name of an account; a missing one is an AccountNotFoundException. */
    public static String name(Connection conn, int id) throws DaoException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT name FROM account WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new AccountNotFoundException(id);
                }
                return rs.getString(1);
            }
        } catch (SQLException e) {
            LOG.log(Level.SEVERE, "name of " + id, e);
            throw new DaoException("cannot read name of " + id, e);
        }
    }

    /** The name of an account, or which account was missing: the exception's own field. */
    public static String nameOrMissing(Connection conn, int id) throws DaoException {
        try {
            return name(conn, id);
        } catch (AccountNotFoundException e) {
            return "missing " + e.getAccountId();
        }
    }

    /** Why an account was not opened: the class of the DAO's exception. */
    public static String whyNotOpened(Connection conn, int id, String name, String email) {
        try {
            open(conn, id, name, email);
            return "opened";
        } catch (DaoException e) {
            if (e instanceof DuplicateEmailException) {
                return "duplicate";
            }
            return "failed";
        }
    }

    /** Whether a deposit failed in the database (the cause) or found no account. */
    public static String depositOutcome(Connection conn, int id, int amount) {
        try {
            deposit(conn, id, amount);
            return "deposited";
        } catch (DaoException e) {
            if (e.getCause() instanceof SQLException) {
                return "database";
            }
            return "no account";
        }
    }

    /** Opens an account, or says why it could not: the message of the DAO's exception. */
    public static String tryOpen(Connection conn, int id, String name, String email) {
        try {
            open(conn, id, name, email);
            return "opened";
        } catch (DuplicateEmailException e) {
            return e.getMessage();
        } catch (DaoException e) {
            LOG.warning(e.getMessage());
            return "failed";
        }
    }

    /** The number of accounts with at least a balance, written with `var` as recent code is. */
    public static int countRich(Connection conn, int minimum) throws DaoException {
        var sql = "SELECT COUNT(*) FROM account WHERE balance >= ?";
        try (var ps = conn.prepareStatement(sql)) {
            ps.setInt(1, minimum);
            var rs = ps.executeQuery();
            var count = rs.next() ? rs.getInt(1) : 0;
            return count;
        } catch (SQLException e) {
            throw new DaoException("cannot count accounts", e);
        }
    }

    /** Why an account was not opened, read through the DAO exception's cause (kept in a local):
     *  the SQL state H2 gives the violated constraint. The DAO always passes the SQLException
     *  on, so the cause is never null here. */
    public static String openFailure(Connection conn, int id, String name, String email) {
        try {
            open(conn, id, name, email);
            return "opened";
        } catch (DaoException e) {
            Throwable cause = e.getCause();
            if (cause == null) {
                return e.getMessage();
            }
            return "state " + ((SQLException) cause).getSQLState();
        }
    }

    /** H2's error code of the failure behind a transfer that was not recorded, or 0. */
    public static int recordFailureCode(Connection conn, int id, int accountId, int amount) {
        try {
            return record(conn, id, accountId, amount) ? 0 : -1;
        } catch (DaoException e) {
            return ((SQLException) e.getCause()).getErrorCode();
        }
    }

    /** Adds an account and lets the SQLException out: the test checks which constraint failed. */
    public static void add(Connection conn, int id, String name, String email, int balance) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO account (id, name, email, balance) VALUES (?, ?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            ps.setString(3, email);
            ps.setInt(4, balance);
            ps.executeUpdate();
        }
    }
}
