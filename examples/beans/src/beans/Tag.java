package beans;

import java.util.Objects;

public class Tag {
    private long tagId;
    private boolean pinned;
    private Integer weight;

    public Tag(long tagId, boolean pinned, Integer weight) {
        this.tagId = tagId;
        this.pinned = pinned;
        this.weight = weight;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Tag)) {
            return false;
        }
        Tag tag = (Tag) other;
        return tagId == tag.tagId && pinned == tag.pinned && Objects.equals(weight, tag.weight);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tagId, pinned, weight);
    }
}
