
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * The objects of the generated tests: allocated without running a constructor (a test builds
 * exactly the input objects its path needs, whatever the class's constructors check), and
 * their fields set and read by reflection, whatever their access.
 */
final class HornetObjects {

    private HornetObjects() {}

    /** A new object of the class with every field at its default value. */
    static <T> T allocate(Class<T> type) throws Exception {
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Method allocateInstance = unsafeClass.getMethod("allocateInstance", Class.class);
        return type.cast(allocateInstance.invoke(theUnsafe.get(null), type));
    }

    static void set(Object object, String field, Object value) throws Exception {
        field(object, field).set(object, value);
    }

    static Object get(Object object, String field) throws Exception {
        return field(object, field).get(object);
    }

    /** The static fields set by the current test, with their values before, latest first. */
    private static final java.util.Deque<Object[]> SAVED_STATICS = new java.util.ArrayDeque<>();

    /** Sets a static field for a test; restoreStatics() puts the old value back. */
    static void setStatic(Class<?> type, String name, Object value) throws Exception {
        Field field = staticField(type, name);
        SAVED_STATICS.push(new Object[] {field, field.get(null)});
        field.set(null, value);
    }

    static Object getStatic(Class<?> type, String name) throws Exception {
        return staticField(type, name).get(null);
    }

    /** The static fields the test set, back to their values before it, in reverse order. */
    static void restoreStatics() throws Exception {
        while (!SAVED_STATICS.isEmpty()) {
            Object[] saved = SAVED_STATICS.pop();
            ((Field) saved[0]).set(null, saved[1]);
        }
    }

    private static Field staticField(Class<?> type, String name) throws Exception {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    /** The field of this name declared by the object's class or the nearest superclass. */
    private static Field field(Object object, String name) throws Exception {
        for (Class<?> c = object.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (NoSuchFieldException inherited) {
                // Declared by a superclass.
            }
        }
        throw new NoSuchFieldException(name);
    }
}
