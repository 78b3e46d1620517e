package roles;

/** What a member may do. */
public enum Role {
    ADMIN, EDITOR, VIEWER
}
