(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-75.js"]={"judge":"~o/d+p+","judged":"~o/","jumps":"pcb/","just":"wh/zma/"};
