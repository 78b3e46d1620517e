package roster;

import java.util.ArrayList;
import java.util.List;

public class Roster {
    /** The adults of people, in order; null entries are skipped. */
    public static List<Person> adults(List<Person> people) {
        List<Person> result = new ArrayList<>();
        for (int i = 0; i < people.size(); i++) {
            Person p = people.get(i);
            if (p != null && p.getAge() >= 18) {
                result.add(p);
            }
        }
        return result;
    }

    /** The first person with the id, or null. */
    public static Person findById(List<Person> people, int id) {
        for (int i = 0; i < people.size(); i++) {
            Person p = people.get(i);
            if (p.getId() == id) {
                return p;
            }
        }
        return null;
    }

    /** How many people are at least minAge. */
    public static int countOlder(List<Person> people, int minAge) {
        int count = 0;
        for (int i = 0; i < people.size(); i++) {
            if (people.get(i).getAge() >= minAge) {
                count++;
            }
        }
        return count;
    }

    /** A person per id and age, ids without an age dropped. */
    public static List<Person> fromArrays(int[] ids, int[] ages) {
        List<Person> result = new ArrayList<>();
        for (int i = 0; i < ids.length && i < ages.length; i++) {
            result.add(new Person(ids[i], ages[i]));
        }
        return result;
    }

    /** Removes the last person of a non-empty list and returns it. */
    public static Person removeLast(List<Person> people) {
        if (people.isEmpty()) {
            return null;
        }
        return people.remove(people.size() - 1);
    }
}
