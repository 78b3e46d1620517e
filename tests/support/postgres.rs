//! A throwaway PostgreSQL server for the end-to-end tests: Debian's PostgreSQL 15 (`initdb` and
//! `pg_ctl` from `/usr/lib/postgresql/15/bin`, or the folder `HORNET_POSTGRES_BIN` names) started
//! in a temporary folder on a free local port, as the `postgres` user when the tests run as root
//! (the server refuses to run as root), and stopped and removed when dropped.

use super::java::{run, shared_jar};
use std::path::PathBuf;
use std::process::Command;

/// Where Debian's `postgresql-15` puts the server's programs.
const DEBIAN_BIN: &str = "/usr/lib/postgresql/15/bin";
/// The JDBC driver (Debian's `libpostgresql-jdbc-java`), among the other shared jars.
pub const JDBC_DRIVER: &str = "postgresql.jar";
/// The server's superuser, whom the tests connect as (trusted: the server listens on
/// 127.0.0.1 only, for the time of the tests).
const USER: &str = "hornet";
/// The account that owns and runs the server when the tests run as root.
const SERVICE_ACCOUNT: &str = "postgres";

pub struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_service_account: bool,
}

impl Postgres {
    /// Creates a database cluster in a new temporary folder and starts its server.
    pub fn start() -> Result<Postgres, String> {
        let bin = std::env::var_os("HORNET_POSTGRES_BIN").map_or_else(|| PathBuf::from(DEBIAN_BIN), PathBuf::from);
        for program in ["initdb", "pg_ctl"] {
            if !bin.join(program).is_file() {
                return Err(format!(
                    "{} is missing: the generated tests of the database examples also run on PostgreSQL; \
                     install postgresql and libpostgresql-jdbc-java (see .ci/run), or set HORNET_POSTGRES_BIN \
                     to the folder of PostgreSQL's initdb and pg_ctl",
                    bin.join(program).display()
                ));
            }
        }
        if !shared_jar(JDBC_DRIVER).is_file() {
            return Err(format!(
                "{} is missing: install libpostgresql-jdbc-java (see .ci/run), or set HORNET_JAVA_LIBS",
                shared_jar(JDBC_DRIVER).display()
            ));
        }
        let as_service_account = run(Command::new("id").arg("-u"))
            .map(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")?;
        let dir = std::env::temp_dir().join(format!("hornet-postgres-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let server = Postgres { bin, dir, port: free_port()?, as_service_account };
        if as_service_account {
            run(Command::new("chown").arg(SERVICE_ACCOUNT).arg(&server.dir))?;
        }
        server.run_tool(
            Command::new(server.bin.join("initdb"))
                .arg("--pgdata")
                .arg(server.data())
                .args(["--username", USER, "--auth", "trust", "--encoding", "UTF8", "--no-locale", "--no-sync"]),
        )?;
        // No durability for a server that lives for one test run.
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off",
            server.port,
            server.dir.display()
        );
        server.run_tool(
            Command::new(server.bin.join("pg_ctl"))
                .arg("--pgdata")
                .arg(server.data())
                .arg("--log")
                .arg(server.dir.join("server.log"))
                .args(["--wait", "--timeout", "120", "--options", &options, "start"]),
        )
        .map_err(|e| format!("{e}\nserver log:\n{}", std::fs::read_to_string(server.dir.join("server.log")).unwrap_or_default()))?;
        Ok(server)
    }

    /// The JVM options that make the generated tests run on this server (`HornetDatabase`).
    pub fn jvm_options(&self) -> Vec<String> {
        vec![
            format!("-Dhornet.jdbc.url=jdbc:postgresql://127.0.0.1:{}/postgres", self.port),
            format!("-Dhornet.jdbc.user={USER}"),
        ]
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// Runs one of the server's programs as the account that owns the cluster.
    fn run_tool(&self, command: &mut Command) -> Result<(), String> {
        if self.as_service_account {
            let mut as_account = Command::new("runuser");
            as_account.args(["-u", SERVICE_ACCOUNT, "--"]).arg(command.get_program()).args(command.get_args());
            run(as_account.current_dir(&self.dir)).map(drop)
        } else {
            run(command.current_dir(&self.dir)).map(drop)
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let mut stop = Command::new(self.bin.join("pg_ctl"));
        stop.arg("--pgdata").arg(self.data()).args(["--mode", "immediate", "--wait", "stop"]);
        if let Err(e) = self.run_tool(&mut stop) {
            eprintln!("stopping the PostgreSQL server in {}: {e}", self.dir.display());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A local port no one listens on now (the server takes it a moment later).
fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free local port: {e}"))?;
    listener.local_addr().map(|address| address.port()).map_err(|e| format!("no free local port: {e}"))
}
