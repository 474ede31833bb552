import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run by Jdk17IT with a JDK 17 {@code java} in source-file mode against the built driver jar: connects,
 * queries, and prints what the test checks. Not compiled by Maven (it is not under src/test/java).
 */
public class Jdk17Check {
    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:raydb::memory:?threads=1");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT sum(range), current_setting('threads') FROM range(1000)")) {
            rs.next();
            System.out.println("java=" + Runtime.version().feature());
            System.out.println("connection=" + c.getClass().getName());
            System.out.println("sum=" + rs.getLong(1) + " threads=" + rs.getString(2));
            System.out.println("driver=" + c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion());
        }
        try (Connection second = DriverManager.getConnection("jdbc:raydb:");
                Statement s = second.createStatement();
                ResultSet explain = s.executeQuery("EXPLAIN OFFLOAD SELECT 1")) {
            System.out.println("second=" + second.isValid(1)); // a second connection logs nothing new
            while (explain.next()) {
                System.out.println("explain " + explain.getString(1) + "=" + explain.getString(2));
            }
        }
    }
}
