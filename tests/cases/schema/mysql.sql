-- A MySQL dump, as mysqldump and phpMyAdmin write them.
/*!40101 SET NAMES utf8mb4 */;
SET FOREIGN_KEY_CHECKS = 0;

CREATE TABLE `mysql_style` (
    id INT NOT NULL AUTO_INCREMENT,
    name VARCHAR(50) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL COMMENT 'the name',
    `order` INT DEFAULT 1,
    PRIMARY KEY (id),
    KEY ix_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

DROP TABLE IF EXISTS `account`;
CREATE TABLE `account` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `owner` int(10) unsigned NOT NULL,
  `level` tinyint(3) unsigned NOT NULL DEFAULT '0',
  `small` smallint(5) unsigned DEFAULT NULL,
  `mid` mediumint(8) unsigned DEFAULT NULL,
  `active` tinyint(1) NOT NULL DEFAULT '1',
  `flag` bit(1) DEFAULT NULL,
  `kind` enum('basic','premium','staff') NOT NULL DEFAULT 'basic',
  `title` national varchar(40) NOT NULL,
  `created` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  `updated` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  `notes` text COMMENT 'free text',
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_title` (`title`),
  KEY `fk_owner` (`owner`),
  CONSTRAINT `fk_owner` FOREIGN KEY (`owner`) REFERENCES `mysql_style` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB AUTO_INCREMENT=42 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci COMMENT='accounts';

-- An old dump: TYPE= instead of ENGINE=, and a missing `;` before the next table.
create table legacy
(
   legacy_id            int(10) unsigned not null auto_increment,
   legacy_type          national varchar(20) not null,
   primary key (legacy_id)
)
type = innodb

create table archive (
   id int not null,
   primary key (id)
) ENGINE=MyISAM;

LOCK TABLES `account` WRITE;
INSERT INTO `account` VALUES (1,1,0,NULL,NULL,1,NULL,'basic','x','2020-01-01 00:00:00','2020-01-01 00:00:00',NULL);
UNLOCK TABLES;
