package zoo;

interface Animal {
    int legs();

    default boolean walks() {
        return legs() > 0;
    }
}

abstract class Pet implements Animal {
    int age;

    Pet(int age) {
        this.age = age;
    }

    abstract int food();

    int olderBy(int years) {
        return age + years;
    }
}

class Dog extends Pet {
    int tricks = 1;

    Dog(int age) {
        super(age);
    }

    public int legs() {
        return 4;
    }

    int food() {
        return 2 * age;
    }

    int olderBy(int years) {
        return super.olderBy(years) + tricks;
    }
}

class Puppy extends Dog {
    Puppy() {
        super(0);
    }

    int food() {
        return 1;
    }
}

class Fish implements Animal {
    public int legs() {
        return 0;
    }
}

class Zoo {
    static int feed(Pet pet) {
        return pet.food();
    }

    static int legsOfNewDog() {
        Animal dog = new Dog(3);
        return dog.legs();
    }

    static boolean walks(Animal animal) {
        return animal.walks();
    }

    static int ageIfDog(Animal animal) {
        if (animal instanceof Dog) {
            Dog dog = (Dog) animal;
            return dog.age;
        }
        return -1;
    }
}
