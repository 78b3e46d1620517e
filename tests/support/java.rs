//! The Java side of the end-to-end tests: Debian's JUnit, JaCoCo and H2 jars, a JaCoCo agent
//! assembled from them, and the coverage reader `MethodCoverage.java`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Where Debian's packages put the jars; `HORNET_JAVA_LIBS` names another folder holding them.
const SHARE_JAVA: &str = "/usr/share/java";
pub const JUNIT_STANDALONE: &str = "junit-platform-console-standalone.jar";
pub const H2: &str = "h2.jar";
/// What JaCoCo's core needs at run time, besides itself.
const ASM_JARS: [&str; 3] = ["asm.jar", "asm-commons.jar", "asm-tree.jar"];
const JACOCO_CORE: &str = "org.jacoco.core.jar";
const JACOCO_AGENT_RT: &str = "org.jacoco.agent.rt.jar";
/// Debian's agent jar lacks the manifest entry naming this class, so it cannot be used as is.
const JACOCO_PREMAIN_CLASS: &str = "org.jacoco.agent.rt.internal.PreMain";
/// The Java level the contract promises generated tests compile at.
const JAVA_RELEASE: &str = "11";

/// The JaCoCo agent and the coverage reader, built once into `dir` and shared by all examples.
pub struct Toolchain {
    pub agent_jar: PathBuf,
    reader_classes: PathBuf,
}

impl Toolchain {
    pub fn prepare(dir: &Path) -> Result<Toolchain, String> {
        let mut jars = vec![JUNIT_STANDALONE, H2, JACOCO_CORE, JACOCO_AGENT_RT];
        jars.extend(ASM_JARS);
        for jar in jars {
            if !shared_jar(jar).is_file() {
                return Err(format!(
                    "{} is missing: install junit5, libh2-java and libjacoco-java (see .ci/run), \
                     or set HORNET_JAVA_LIBS to a folder holding the jars",
                    shared_jar(jar).display()
                ));
            }
        }
        Ok(Toolchain { agent_jar: assemble_agent(dir)?, reader_classes: compile_reader(dir)? })
    }

    /// JaCoCo's branch coverage of every method in `classes`, as printed by MethodCoverage.
    pub fn read_coverage(&self, exec_file: &Path, classes: &Path) -> Result<String, String> {
        let mut class_path = vec![self.reader_classes.clone(), shared_jar(JACOCO_CORE)];
        class_path.extend(ASM_JARS.map(shared_jar));
        let output = run(Command::new("java")
            .arg("-cp")
            .arg(join_paths(&class_path))
            .arg("MethodCoverage")
            .arg(exec_file)
            .arg(classes))?;
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

pub fn shared_jar(name: &str) -> PathBuf {
    let folder = std::env::var_os("HORNET_JAVA_LIBS").map_or_else(|| PathBuf::from(SHARE_JAVA), PathBuf::from);
    folder.join(name)
}

/// One agent jar holding the agent runtime, JaCoCo core and ASM, with a `Premain-Class`.
fn assemble_agent(dir: &Path) -> Result<PathBuf, String> {
    let contents = dir.join("agent-contents");
    create_dir(&contents)?;
    let mut jars = vec![JACOCO_AGENT_RT, JACOCO_CORE];
    jars.extend(ASM_JARS);
    for jar in jars {
        run(Command::new("jar").arg("xf").arg(shared_jar(jar)).current_dir(&contents))?;
    }
    // The extracted manifests and signatures belong to the separate jars, not to the agent.
    std::fs::remove_dir_all(contents.join("META-INF"))
        .map_err(|e| format!("removing extracted META-INF: {e}"))?;
    let premain_class_file = contents.join(JACOCO_PREMAIN_CLASS.replace('.', "/") + ".class");
    if !premain_class_file.is_file() {
        return Err(format!("{JACOCO_AGENT_RT} has no {JACOCO_PREMAIN_CLASS}"));
    }
    let manifest = dir.join("agent-manifest.txt");
    write(&manifest, &format!("Premain-Class: {JACOCO_PREMAIN_CLASS}\n"))?;
    let agent_jar = dir.join("jacocoagent.jar");
    run(Command::new("jar")
        .arg("--create")
        .arg("--file")
        .arg(&agent_jar)
        .arg("--manifest")
        .arg(&manifest)
        .arg("-C")
        .arg(&contents)
        .arg("."))?;
    Ok(agent_jar)
}

fn compile_reader(dir: &Path) -> Result<PathBuf, String> {
    let classes = dir.join("reader-classes");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/MethodCoverage.java");
    let mut class_path = vec![shared_jar(JACOCO_CORE)];
    class_path.extend(ASM_JARS.map(shared_jar));
    javac(&classes, &class_path, &[source])?;
    Ok(classes)
}

/// The Java level of sources that use text blocks (Java 15), which the toolchain's JDK reads.
const TEXT_BLOCKS_RELEASE: &str = "17";

/// `javac --release 11 -d classes -cp class_path sources...`
pub fn javac(classes: &Path, class_path: &[PathBuf], sources: &[PathBuf]) -> Result<(), String> {
    javac_at(JAVA_RELEASE, classes, class_path, sources)
}

/// An example's own sources: at the level of generated tests, or at the JDK's where they use
/// text blocks.
pub fn javac_sources(classes: &Path, class_path: &[PathBuf], sources: &[PathBuf]) -> Result<(), String> {
    let text_blocks = sources.iter().any(|s| std::fs::read_to_string(s).is_ok_and(|text| text.contains("\"\"\"")));
    javac_at(if text_blocks { TEXT_BLOCKS_RELEASE } else { JAVA_RELEASE }, classes, class_path, sources)
}

fn javac_at(release: &str, classes: &Path, class_path: &[PathBuf], sources: &[PathBuf]) -> Result<(), String> {
    create_dir(classes)?;
    run(Command::new("javac")
        .args(["--release", release, "-encoding", "UTF-8", "-d"])
        .arg(classes)
        .arg("-cp")
        .arg(join_paths(class_path))
        .args(sources))?;
    Ok(())
}

pub fn join_paths(paths: &[PathBuf]) -> OsString {
    std::env::join_paths(paths).expect("class path entries contain no ':'")
}

/// Runs `command` to completion; an error (with its output) unless it exits with status 0.
pub fn run(command: &mut Command) -> Result<Output, String> {
    let output =
        command.output().map_err(|e| format!("cannot start {}: {e}", describe(command)))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "`{}` failed ({}):\n{}",
            describe(command),
            output.status,
            output_text(&output)
        ))
    }
}

/// stdout and stderr of a finished process, for failure messages.
pub fn output_text(output: &Output) -> String {
    format!(
        "--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The command line, as one would type it.
pub fn describe(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|a| a.to_string_lossy().into_owned()));
    words.join(" ")
}

pub fn create_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

pub fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
