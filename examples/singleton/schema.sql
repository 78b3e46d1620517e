-- A lending library's books and members, reached through a singleton and a static connection.
CREATE TABLE book (
  id INT NOT NULL AUTO_INCREMENT,
  title VARCHAR(60) NOT NULL,
  copies INT NOT NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE member (
  id INT NOT NULL,
  name VARCHAR(40) NOT NULL,
  loans INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id)
) ENGINE=InnoDB;
