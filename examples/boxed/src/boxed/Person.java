package boxed;

/** A bean whose age may be unknown: a nullable Integer field. */
public class Person {
    private String name;
    private Integer age;

    public Person(String name, Integer age) {
        this.name = name;
        this.age = age;
    }

    public Integer getAge() {
        return age;
    }

    public boolean isAdult() {
        return age != null && age >= 18;
    }

    /** Unboxes the age: NullPointerException when it is unknown. */
    public int yearsUntil(int target) {
        return target - age;
    }

    public void birthday() {
        if (age != null) {
            age++;
        }
    }
}
