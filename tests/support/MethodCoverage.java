import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.IMethodCoverage;
import org.jacoco.core.data.ExecutionDataReader;
import org.jacoco.core.data.ExecutionDataStore;
import org.jacoco.core.data.SessionInfoStore;

/**
 * Branch coverage per method and source line, as JaCoCo measures it, in a form the e2e harness
 * parses without a JaCoCo report dependency.
 *
 * Usage: java MethodCoverage EXEC_FILE CLASSES_DIR
 *
 * Prints, for every method of every class under CLASSES_DIR, one line per source line that has
 * branches:   CLASS METHOD DESCRIPTOR LINE COVERED TOTAL
 * and then one summary line:   CLASS METHOD DESCRIPTOR method COVERED TOTAL
 * CLASS is the dotted fully qualified name. Exits with status 1 when the execution data was
 * recorded for different class files (JaCoCo would silently report them as not covered).
 */
public final class MethodCoverage {

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: MethodCoverage EXEC_FILE CLASSES_DIR");
            System.exit(2);
        }
        ExecutionDataStore executionData = readExecutionData(new File(args[0]));
        CoverageBuilder coverage = new CoverageBuilder();
        new Analyzer(executionData, coverage).analyzeAll(new File(args[1]));

        if (!coverage.getNoMatchClasses().isEmpty()) {
            for (IClassCoverage mismatched : coverage.getNoMatchClasses()) {
                System.err.println("execution data does not match class file: " + mismatched.getName());
            }
            System.exit(1);
        }

        List<IClassCoverage> classes = new ArrayList<>(coverage.getClasses());
        classes.sort(Comparator.comparing(IClassCoverage::getName));
        for (IClassCoverage classCoverage : classes) {
            String className = classCoverage.getName().replace('/', '.');
            for (IMethodCoverage method : classCoverage.getMethods()) {
                String prefix = className + " " + method.getName() + " " + method.getDesc() + " ";
                for (int line = method.getFirstLine(); line > 0 && line <= method.getLastLine(); line++) {
                    ICounter branches = method.getLine(line).getBranchCounter();
                    if (branches.getTotalCount() > 0) {
                        System.out.println(prefix + line + " " + branches.getCoveredCount() + " " + branches.getTotalCount());
                    }
                }
                ICounter branches = method.getBranchCounter();
                System.out.println(prefix + "method " + branches.getCoveredCount() + " " + branches.getTotalCount());
            }
        }
    }

    private static ExecutionDataStore readExecutionData(File execFile) throws IOException {
        ExecutionDataStore store = new ExecutionDataStore();
        try (InputStream in = new FileInputStream(execFile)) {
            ExecutionDataReader reader = new ExecutionDataReader(in);
            reader.setExecutionDataVisitor(store);
            reader.setSessionInfoVisitor(new SessionInfoStore());
            reader.read();
        }
        return store;
    }
}
