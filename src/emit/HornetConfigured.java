
    /**
     * Supplies the configuration files the class path lacks (`Configured`): a test class whose
     * tests load code that reads them when it is loaded calls this first.
     */
    static void supplyConfiguration() {
        Configured.URLS.size();
    }

    /**
     * The URLs the code reads from properties files on the class path and gives DriverManager:
     * the value a file there holds, or, where the class path has no such file, a URL of the
     * test's own, in a file the test writes beside its classes (deleted when the JVM exits), so
     * that the code's configuration names the test's database either way.
     */
    private static final class Configured {
        /** The resource, key and default (or null) of each URL the code reads. */
        private static final String[][] READ = {/*{configured urls}*/};
        static final List<String> URLS = urls();

        private static List<String> urls() {
            List<String> urls = new ArrayList<>();
            java.util.Map<String, java.util.Properties> supplied = new java.util.LinkedHashMap<>();
            for (String[] read : READ) {
                String resource = read[0];
                String key = read[1];
                java.net.URL found = HornetDatabase.class.getClassLoader().getResource(resource);
                if (found == null) {
                    String url = "jdbc:hornet:" + resource + "#" + key;
                    supplied.computeIfAbsent(resource, r -> new java.util.Properties()).setProperty(key, url);
                    urls.add(url);
                    continue;
                }
                java.util.Properties properties = new java.util.Properties();
                try (java.io.InputStream in = found.openStream()) {
                    properties.load(in);
                } catch (java.io.IOException e) {
                    throw new IllegalStateException("cannot read " + found, e);
                }
                String url = properties.getProperty(key, read[2]);
                if (url == null) {
                    throw new IllegalStateException(found + " has no '" + key
                        + "', the URL the code under test gives DriverManager.getConnection");
                }
                urls.add(url);
            }
            supplied.forEach(Configured::supply);
            return urls;
        }

        /** Writes a resource the class path lacks into the folder of the test classes. */
        private static void supply(String resource, java.util.Properties properties) {
            try {
                java.nio.file.Path classes = java.nio.file.Paths.get(
                    HornetDatabase.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                java.nio.file.Path file = classes.resolve(resource);
                java.nio.file.Files.createDirectories(file.getParent());
                try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
                    properties.store(out, "written by the generated tests: the database URL the code reads");
                }
                file.toFile().deleteOnExit();
            } catch (java.io.IOException | java.net.URISyntaxException | RuntimeException e) {
                throw new IllegalStateException("the class path has no " + resource
                    + ", and the tests could not write one beside their classes: put one there whose '"
                    + String.join("', '", properties.stringPropertyNames()) + "' the tests then read", e);
            }
        }
    }
