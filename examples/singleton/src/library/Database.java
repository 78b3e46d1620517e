package library;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The application's database, created on first use. */
public class Database {
    private static Database instance;
    private static final String URL = "jdbc:mysql://localhost:3306/library";
    private static final String USER = "library";
    private static final String PASSWORD = "library-password";

    private Database() {
    }

    /** Double-checked: the lock is taken only while the instance is missing. */
    public static Database getInstance() {
        if (instance == null) {
            synchronized (Database.class) {
                if (instance == null) {
                    instance = new Database();
                }
            }
        }
        return instance;
    }

    public Connection getConnection() throws SQLException {
        return DriverManager.getConnection(URL, USER, PASSWORD);
    }
}
