package roles;

/** A bean with an enum field. */
public class Member {
    private String name;
    private Role role;

    public Member(String name, Role role) {
        this.name = name;
        this.role = role;
    }

    public Role getRole() {
        return role;
    }

    public String getName() {
        return name;
    }

    public boolean canEdit() {
        return role == Role.ADMIN || role == Role.EDITOR;
    }

    /** Demotes an editor to a viewer; an admin stays one. */
    public void demote() {
        if (role == Role.EDITOR) {
            role = Role.VIEWER;
        }
    }

    public String describe() {
        return name + " (" + role + ")";
    }
}
