-- Messages of a small social application, with the long column names real schemas have.

CREATE TABLE message (
  message_id BIGINT PRIMARY KEY,
  posted_by_account INT NOT NULL,
  message_text VARCHAR(255) NOT NULL,
  time_posted_epoch BIGINT NOT NULL
);
