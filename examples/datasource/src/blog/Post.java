package blog;

/** A post as the DAO hands it out. */
public class Post {
    private int id;
    private String title;
    private boolean published;

    public Post(int id, String title, boolean published) {
        this.id = id;
        this.title = title;
        this.published = published;
    }

    public int getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public boolean isPublished() {
        return published;
    }
}
